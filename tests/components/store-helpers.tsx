import { act } from '@testing-library/react';
import { setTimeout as onRealClock } from 'node:timers/promises';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { BillingInfoInput, CartModel } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import { refreshAppInfo } from '@/lib/state/startup';
import storeDe from '@/messages/store/de.json';
import storeEn from '@/messages/store/en.json';
import storeRu from '@/messages/store/ru.json';
import { texasBilling } from '../support/billing-contacts';
import { resetAccountState } from './account-helpers';
import { messages, renderWithIntl, type TestLocale } from './render';
import { signedIn } from './runner/accounts';
import { accepted, network, pageApi } from './runner/network';

const storeMessages = { en: storeEn, de: storeDe, ru: storeRu };

export const storeTexts = (locale: TestLocale = 'en') => storeMessages[locale].store;

/** A store screen with what the shell gives it: the login dialogs and the snackbar. */
export function renderStore(ui: ReactElement, locale: TestLocale = 'en', { search = '' } = {}) {
  return renderWithIntl(
    <NextIntlClientProvider locale={locale} messages={{ ...messages[locale], ...storeMessages[locale] }} timeZone="UTC">
      {ui}
      <AuthDialogs />
      <SnackbarHost />
    </NextIntlClientProvider>,
    locale,
    { search },
  );
}

/** A visitor without a session, in the page language the shell would have set. */
export function storeVisitor(locale: TestLocale = 'en') {
  resetAccountState();
  appActions.setDisplayLanguage(locale);
  appActions.markSessionChecked();
}

/** Quantities by offer key of the seeded catalog (server/data/catalog.json). */
export type Quantities = Record<string, number>;

/**
 * Sets the signed-in account's cart through the real PUT store/cart, as another tab of the
 * browser would; `billing` null leaves the cart without a billing contact.
 */
export async function fillCart(quantities: Quantities, billing: BillingInfoInput | null = texasBilling): Promise<CartModel> {
  const Items = Object.entries(quantities).map(([ServiceOfferKey, Quantity]) => ({ ServiceOfferKey, Quantity }));
  return accepted('save the cart', pageApi<CartModel>('PUT', 'store/cart', { Items, BillingInfo: billing, IsAddition: false }));
}

/** The signed-in account's cart as the backend has it now. */
export async function savedCart(): Promise<CartModel> {
  return (await pageApi<CartModel>('GET', 'store/cart')).body;
}

/**
 * A new account with this cart, on a store page in this language, as the shell starts it:
 * the session found and the cart count loaded from app info.
 */
export async function shopper({
  locale = 'en' as TestLocale,
  cart = {} as Quantities,
  billing = texasBilling as BillingInfoInput | null,
} = {}) {
  anonymousVisitor(locale);
  const account = await signedIn();
  if (Object.keys(cart).length > 0) await fillCart(cart, billing);
  await refreshAppInfo();
  return account;
}

/**
 * Waits, on the real clock, until `check` passes, and returns what it returns. For pages on
 * Jest's fake clock: there waitFor and findBy move the fake clock on by 50 ms a round and give
 * up after 1000 fake ms, which bears no relation to how long the real backend takes, and
 * moving the clock would also run the page's own timers (the cart's 2000 ms pause).
 */
export async function eventually<T>(check: () => T, timeoutMs = 10_000): Promise<T> {
  const round = 20;
  for (let waited = 0; ; waited += round) {
    try {
      return check();
    } catch (error) {
      if (waited >= timeoutMs) throw error;
    }
    await act(() => onRealClock(round));
  }
}

/** A visitor without a session: a browser with no cookies of the site. */
export function anonymousVisitor(locale: TestLocale = 'en') {
  network.clearCookies();
  storeVisitor(locale);
}
