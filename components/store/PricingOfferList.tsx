'use client';

import Link from 'next/link';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { addToCart, cartQuantity, fetchHeldSubscriptions } from '@/lib/api/store';
import { snackbarDurations } from '@/lib/config';
import { groupBy } from '@/lib/group-by';
import { limits } from '@/lib/contract/limits';
import type { HeldSubscription, ServiceOffer } from '@/lib/contract/store';
import { appActions, appState, isLoggedIn, useAppState } from '@/lib/state/app-state';
import { onDueAuthIntent, openAuthDialog, type AuthIntent } from '@/lib/state/auth-dialogs';
import { showSnack, showSuccess } from '@/lib/state/snackbar';
import type { MessageKeyIn } from '@/i18n/messages';
import { useDataScope } from '../data/use-data-scope';
import { buttonClass } from '../ui/button-class';
import { RetryNotice } from '../ui/Notice';
import { useLocalePath, useShellText } from '../shell/shell-i18n';
import { OfferCard } from './OfferCard';

const pricingPath = '/store/pricing';

/** The login that adding asks for, which adds the offer once the visitor is in. */
const logInToAdd = (offerKey: string) => ({ returnTo: pricingPath, intent: { kind: 'addToCart', offerKey } as const });

type Catalog = { status: 'ready'; data: ServiceOffer[] } | { status: 'failed'; retry(): void };

/** The pricing page (docs/product/store.md#pricing-page) once the catalog has answered (or failed): the offers, grouped by service, and the cart calls. */
export function PricingOfferList({ catalog }: { catalog: Catalog }) {
  const text = useShellText();
  const t = (key: MessageKeyIn<'store.pricing'>) => text(`store.pricing.${key}`);
  const localePath = useLocalePath();
  const checked = useAppState((state) => state.sessionChecked);
  const loggedIn = useAppState(isLoggedIn);
  const cartCount = useAppState((state) => state.appInfo.CartItemCount);
  // The plans the customer holds come with the cart read: one call for the page, not one per card.
  const held = useQuery({
    queryKey: [...useDataScope('portal'), 'held-subscriptions'],
    queryFn: fetchHeldSubscriptions,
    enabled: loggedIn,
  });
  /** The held plan whose card says so, and offers a seat on it instead. */
  const [heldShown, setHeldShown] = useState<HeldSubscription | null>(null);
  const adding = useMutation({
    mutationFn: addToCart,
    // A session the server no longer knows (401): log in and come back here to add it.
    meta: { login: (offerKey) => logInToAdd(String(offerKey)) },
    onSuccess: (cart, offerKey) => {
      // The server keeps a line at the maximum quantity rather than refuse the addition.
      const atLimit =
        cart.LineItems.some((line) => line.Key === offerKey && line.Quantity >= limits.quantityMax) &&
        cartQuantity(cart) === appState.get().appInfo.CartItemCount;
      appActions.setCartCount(cartQuantity(cart));
      if (atLimit)
        showSnack(
          { key: 'store.pricing.quantityLimit', values: { max: limits.quantityMax } },
          { style: 'info', duration: snackbarDurations.short },
        );
      else showSuccess({ key: 'store.pricing.itemAdded' }, snackbarDurations.short);
    },
  });

  /**
   * One item, Quantity 1, IsAddition true, no billing (docs/product/store.md#pricing-page). Logged out (docs/product/accounts.md#anonymous-and-logged-in) it
   * opens the login, and the item is added once the visitor has logged in or signed up.
   */
  async function add(offer: ServiceOffer, { anyway = false } = {}) {
    if (checked && !loggedIn) {
      const { returnTo, intent } = logInToAdd(offer.Key);
      openAuthDialog('login', returnTo, intent);
      return;
    }
    // A plan already held gets a seat more rather than a second subscription (docs/product/store.md#already-held-plans);
    // right after a login its list may still be on its way. Without the list, the offer is added.
    if (!anyway && offer.IsSubscription && loggedIn) {
      const holdings = held.data ?? (await fetchHeldSubscriptions().catch(() => []));
      const holding = holdings.find((entry) => entry.ServiceOfferKey === offer.Key);
      if (holding) {
        setHeldShown(holding);
        return;
      }
    }
    // Bought anyway, the notice stays where the focus is.
    if (!anyway) setHeldShown(null);
    adding.mutate(offer.Key);
  }

  const addAfterLogin = useEffectEvent((intent: AuthIntent) => {
    const offer = intent.kind === 'addToCart' && catalog.status === 'ready' && catalog.data.find((entry) => entry.Key === intent.offerKey);
    if (offer) void add(offer);
  });
  // Only with the offers at hand: until then the intention stays due.
  useEffect(() => {
    if (catalog.status === 'ready') return onDueAuthIntent((intent) => addAfterLogin(intent));
  }, [catalog.status]);

  return (
    <div className="flex flex-col gap-10">
      {cartCount > 0 && (
        <div className="flex justify-end">
          <Link href={localePath('/store/cart')} className={buttonClass('primary')}>
            {t('viewCart')}
          </Link>
        </div>
      )}
      {catalog.status === 'failed' ? (
        <RetryNotice text={t('loadFailed')} retryLabel={text('store.retry')} onRetry={catalog.retry} />
      ) : catalog.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        // Offers of one service stay together, in catalog order.
        [...groupBy(catalog.data, (offer) => offer.ServiceName)].map(([service, offers]) => (
          <section key={service}>
            <h2 className="mb-4 text-xl font-semibold text-slate-900">{service}</h2>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {offers.map((offer) => (
                <li key={offer.Key}>
                  <OfferCard
                    offer={offer}
                    adding={adding.isPending && adding.variables === offer.Key}
                    onAdd={(chosen) => void add(chosen)}
                    held={heldShown?.ServiceOfferKey === offer.Key ? heldShown : undefined}
                    onAddAnyway={(chosen) => void add(chosen, { anyway: true })}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <p className="text-slate-700">
        {t('contactPrompt')}{' '}
        <Link
          href={localePath('/contact')}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('contactUs')}
        </Link>
      </p>
    </div>
  );
}
