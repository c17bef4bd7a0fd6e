'use client';

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { fetchInvoice } from '@/lib/api/billing';
import { decodePublishableKey, fetchKeyInfo } from '@/lib/api/payment';
import { fetchCart, fetchCatalog } from '@/lib/api/store';
import { snackbarDurations } from '@/lib/config';
import { invoiceStatus } from '@/lib/contract/presentation';
import type { Invoice } from '@/lib/contract/billing';
import type { CartModel, ServiceOffer } from '@/lib/contract/store';
import { billingContactComplete } from '@/lib/contract/offer-rules';
import { showSnack } from '@/lib/state/snackbar';
import { buttonClass } from '../ui/button-class';
import { Notice } from '../ui/Notice';
import { LoadingStatus } from '../ui/LoadingStatus';
import { CheckoutOrder, cartOrderLines } from './CheckoutOrder';
import { CheckoutStartFailed } from './CheckoutStartFailed';
import { LoginPanel } from '../account/LoginPanel';
import { useSessionGate } from '../account/use-session-gate';
import { useDataScope } from '../data/use-data-scope';
import { ManualCheckout } from './ManualCheckout';
import { StripeCheckout } from './StripeCheckout';
import { invoicePath } from '@/lib/portal-paths';

/**
 * docs/product/store.md#checkout: the legal agreement, the USD statement and the active provider's payment
 * form. `?invoice=<key>` pays an unpaid invoice (Pay Now) instead of the cart. When the
 * payment session turns out closed (the order changed in another window), the checkout starts
 * again with the current amount.
 */
export function Checkout() {
  const [round, setRound] = useState(0);
  return <CheckoutRound key={round} round={round} onSessionClosed={() => setRound((count) => count + 1)} />;
}

function CheckoutRound({ round, onSessionClosed }: { round: number; onSessionClosed(): void }) {
  const t = useTranslations('store');
  const router = useRouter();
  const invoiceKey = useSearchParams().get('invoice');
  const returnTo = invoiceKey ? `/store/checkout?invoice=${encodeURIComponent(invoiceKey)}` : '/store/checkout';
  const session = useSessionGate(returnTo);
  // Each round loads anew (the order changed), and again when a login brings the session back.
  const payment = useQuery({
    queryKey: [...useDataScope('store'), 'checkout', invoiceKey, round],
    queryFn: async () => {
      const [cart, offers, invoice, keyInfo] = await Promise.all([
        invoiceKey ? null : fetchCart(),
        invoiceKey ? null : fetchCatalog(),
        invoiceKey ? fetchInvoice(invoiceKey) : null,
        fetchKeyInfo(),
      ]);
      return { cart, offers, invoice, keyInfo };
    },
    enabled: session === 'loggedIn',
  });
  // docs/product/store.md#checkout: an empty cart goes back to the cart; so does a cart without a complete
  // billing contact (opened by address), since tax and total wait for it there.
  const cart = payment.data?.cart ?? null;
  const backToCart = cart ? (cart.LineItems.length === 0 ? 'empty' : billingContactComplete(cart) ? null : 'billing') : null;
  useEffect(() => {
    if (!backToCart) return;
    if (backToCart === 'billing') showSnack({ key: 'store.checkout.billingRequired' }, { style: 'info', duration: snackbarDurations.long });
    router.replace('/store/cart');
  }, [backToCart, router]);

  // Pay Now on an invoice paid or voided meanwhile (another tab, the Back button).
  const settledInvoice = payment.data?.invoice && invoiceStatus(payment.data.invoice) !== 'unpaid' ? payment.data.invoice : null;
  // This order paid in another window while this one was open: the paid invoice's key.
  const [paidElsewhere, setPaidElsewhere] = useState<string | null>(null);

  let body: ReactNode;
  if (session === 'loggedOut') body = <LoginPanel text={t('login.checkout')} actionLabel={t('login.action')} returnTo={returnTo} />;
  // The API client has already shown a failure; a reload that fails keeps what is on screen.
  else if (payment.isError && payment.data === undefined) body = <CheckoutStartFailed />;
  else if (payment.data === undefined || backToCart) body = <LoadingStatus label={t('loading.checkout')} />;
  else if (paidElsewhere)
    body = (
      <Notice>
        <p role="alert">{t('checkout.alreadyPaid')}</p>
        <Link href={invoicePath(paidElsewhere)} className={buttonClass('primary')}>
          {t('checkout.viewInvoice')}
        </Link>
      </Notice>
    );
  else if (settledInvoice)
    body = (
      <Notice>
        <p role="alert">{t('checkout.nothingDue')}</p>
        <Link href={invoicePath(settledInvoice.Key)} className={buttonClass('primary')}>
          {t('checkout.viewInvoice')}
        </Link>
      </Notice>
    );
  else if (payment.data.keyInfo.Provider === 'stripe')
    body = (
      <StripeCheckout
        publishableKey={decodePublishableKey(payment.data.keyInfo.Value)}
        invoiceKey={invoiceKey}
        onSessionClosed={onSessionClosed}
        onPaidElsewhere={setPaidElsewhere}
      />
    );
  else
    body = (
      <ManualCheckout invoiceKey={invoiceKey} returnTo={returnTo} onSessionClosed={onSessionClosed} onPaidElsewhere={setPaidElsewhere} />
    );

  // The cart's order, or the invoice being paid (Pay Now) with what is still due on it.
  const order = payment.data && !backToCart && !settledInvoice && !paidElsewhere ? orderOf(payment.data) : null;

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <CheckoutTerms />
      {round > 0 && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-slate-900">
          {t('checkout.refreshed')}
        </p>
      )}
      {order && <CheckoutOrder {...order} />}
      {body}
    </div>
  );
}

function orderOf({ cart, offers, invoice }: { cart: CartModel | null; offers: ServiceOffer[] | null; invoice: Invoice | null }) {
  if (cart) return { lines: cartOrderLines(cart, offers ?? []), totals: cart, amountDue: cart.TotalAmount, cartLink: true };
  return invoice ? { lines: invoice.LineItems, totals: invoice, amountDue: invoice.TotalAmountDue, cartLink: false } : null;
}

function CheckoutTerms() {
  const t = useTranslations('store.checkout');
  const legalLink = (href: '/legal/terms-of-service' | '/legal/privacy-policy') =>
    function LegalLink(chunks: ReactNode) {
      return (
        // A new tab keeps the payment form as it is.
        <Link
          href={href}
          target="_blank"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {chunks}
          <span className="sr-only"> {t('newTab')}</span>
        </Link>
      );
    };
  return (
    <div className="flex flex-col gap-2 text-sm leading-relaxed text-slate-700">
      <p>{t.rich('legal', { terms: legalLink('/legal/terms-of-service'), privacy: legalLink('/legal/privacy-policy') })}</p>
      <p className="font-medium text-slate-800">{t('usd')}</p>
    </div>
  );
}
