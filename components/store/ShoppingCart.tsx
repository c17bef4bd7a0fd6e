'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@/i18n/navigation';
import { fetchCountries, fetchUsStates } from '@/lib/api/app';
import { cartQuantity, fetchCart, fetchCatalog } from '@/lib/api/store';
import type { Country, UsState } from '@/lib/contract/app';
import type { CartModel, ServiceOffer } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import { SessionLostNotice } from '../account/SessionLostNotice';
import { useSessionGate } from '../account/use-session-gate';
import { useDataScope } from '../data/use-data-scope';
import { buttonClass } from '../ui/button-class';
import { LoadingStatus } from '../ui/LoadingStatus';
import { Notice, RetryNotice } from '../ui/Notice';
import { BillingForm } from './BillingForm';
import { toFormValues } from './cart-form';
import type { CartFormInput, CartFormOutput } from './cart-form-schema';
import { lazyZodResolver } from '../forms/lazy-resolver';
import { useUnsavedChangesGuard } from '../forms/use-unsaved-changes-guard';
import { CartLines } from './CartLines';
import { CartSummary, checkoutDisabled } from './CartSummary';
import { LoginPanel } from '../account/LoginPanel';
import { useCartTax } from './use-cart-tax';

const cartPath = '/store/cart';

interface CartData {
  cart: CartModel;
  offers: ServiceOffer[];
  countries: Country[];
  usStates: UsState[];
}

async function loadCartData(): Promise<CartData> {
  const [cart, offers, countries, usStates] = await Promise.all([
    fetchCart(),
    fetchCatalog(),
    // These two never show their errors (docs/product/api.md#errors); an empty list still lets the page work.
    fetchCountries().catch(() => []),
    fetchUsStates().catch(() => []),
  ]);
  return { cart, offers, countries, usStates };
}

/** The cart page's client island (docs/product/store.md#cart-and-tax). */
export function ShoppingCart() {
  const t = useTranslations('store');
  const session = useSessionGate(cartPath);
  // Loads again when a login brings the session back; a reload that fails keeps what is on
  // screen, and what was typed into it (a refetch keeps the data it had).
  const data = useQuery({ queryKey: [...useDataScope('store'), 'cart'], queryFn: loadCartData, enabled: session === 'loggedIn' });

  // A session that ends while the cart is open keeps the cart and its edits (SessionLostNotice).
  if (session === 'loggedOut' && data.data === undefined)
    return <LoginPanel text={t('login.cart')} actionLabel={t('login.action')} returnTo={cartPath} />;
  // The API client has already shown a failure.
  if (data.isError && data.data === undefined && !data.isFetching)
    return <RetryNotice text={t('cart.loadFailed')} retryLabel={t('retry')} onRetry={() => void data.refetch()} />;
  if (data.data === undefined) return <LoadingStatus label={t('loading.cart')} />;
  return <CartEditor {...data.data} sessionLost={session === 'loggedOut'} />;
}

const resolver = lazyZodResolver<CartFormInput, CartFormOutput>(() => import('./cart-form-schema').then((module) => module.CartFormSchema));

function CartEditor({ cart: savedCart, offers, countries, usStates, sessionLost }: CartData & { sessionLost: boolean }) {
  const t = useTranslations('store.cart');
  const form = useForm<CartFormInput, unknown, CartFormOutput>({
    resolver,
    mode: 'all',
    defaultValues: toFormValues(savedCart),
  });
  const { cart, tax, saving, saveNow, billingUnsaved } = useCartTax(form, savedCart, cartPath);
  // Back from a login: save what waited for it.
  const wasLost = useRef(false);
  const afterLogin = useEffectEvent(() => {
    if (tax !== 'calculated') saveNow();
  });
  useEffect(() => {
    if (sessionLost) wasLost.current = true;
    else if (wasLost.current) {
      wasLost.current = false;
      afterLogin();
    }
  }, [sessionLost]);
  const offersByKey = useMemo(() => new Map(offers.map((offer) => [offer.Key, offer])), [offers]);
  const { isValid, errors } = form.formState;
  // Leaving saves a change still in its pause (docs/product/store.md#cart-and-tax), but not a billing contact that
  // cannot be saved yet, nor a bad quantity: those the guard asks about (docs/product/languages-and-routing.md#unsaved-changes-guard).
  useUnsavedChangesGuard(billingUnsaved || Object.keys(errors.Quantities ?? {}).length > 0);

  // The badge follows the cart as loaded (another tab may have changed it).
  useEffect(() => appActions.setCartCount(cartQuantity(savedCart)), [savedCart]);
  // When the last line goes, its trash button goes with it: the focus moves on to "Add products"
  // (not when the cart was empty on arrival; the effect below runs after this commit's refs).
  const hadLines = useRef(cart.LineItems.length > 0);
  useEffect(() => {
    hadLines.current = cart.LineItems.length > 0;
  }, [cart.LineItems.length]);
  const focusWhenEmptied = (link: HTMLAnchorElement | null) => {
    if (link && hadLines.current && document.activeElement === document.body) link.focus();
  };

  if (cart.LineItems.length === 0) {
    return (
      <Notice>
        <p className="text-lg text-slate-800">{t('empty')}</p>
        <Link ref={focusWhenEmptied} href="/store/pricing" className={buttonClass('primary')}>
          {t('addProducts')}
        </Link>
      </Notice>
    );
  }

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-6">
      {sessionLost && <SessionLostNotice returnTo={cartPath} />}
      <CartLines cart={cart} offers={offersByKey} form={form} />
      <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <BillingForm form={form} countries={countries} usStates={usStates} />
        <div className="md:sticky md:top-20">
          <CartSummary
            cart={cart}
            tax={tax}
            onRetry={saveNow}
            disabled={checkoutDisabled({ total: cart.TotalAmount, saving, formValid: isValid, tax })}
          />
        </div>
      </div>
    </form>
  );
}
