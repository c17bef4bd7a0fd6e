import { act } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { CartModel, ServiceOffer } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import storeDe from '@/messages/store/de.json';
import storeEn from '@/messages/store/en.json';
import storeRu from '@/messages/store/ru.json';
import { ann, resetAccountState, type ApiCall, type ServerAnswer } from './account-helpers';
import { messages, renderWithIntl, type TestLocale } from './render';

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

/** Logged in (or not), with the page language the shell would have set. */
export function storeVisitor({ loggedIn = true, locale = 'en' as TestLocale } = {}) {
  resetAccountState();
  appActions.setDisplayLanguage(locale);
  if (loggedIn) appActions.setSession(ann);
  appActions.markSessionChecked();
}

type Answer = ServerAnswer | Promise<ServerAnswer>;

/**
 * The fetch boundary: answers `/api/*` with the JSON the backend sends (tests/api show the
 * shapes) and records each call. An answer may be a promise, to look at a screen mid-call.
 */
export function serveStore(answer: (call: ApiCall) => Answer | undefined) {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', path: String(input).replace(/^\/api\//, ''), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
    calls.push(call);
    const reply = (await answer(call)) ?? { status: 404, body: { ErrorMessages: [{ Message: `No such call: ${call.method} ${call.path}` }] } };
    const status = reply.status ?? 200;
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(reply.body) };
  }) as unknown as typeof fetch;
  return { calls, to: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

/** A promise to settle by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

export const settle = () => act(async () => {});

const offer = (fields: Partial<ServiceOffer> & Pick<ServiceOffer, 'Key' | 'Description'>): ServiceOffer => ({
  ServiceName: 'PDF Workshop',
  ServiceHomePage: '/solutions/pdf',
  AppPage: '/apps/pdf',
  Price: 0,
  Savings: 0,
  TrialDays: 0,
  IsSubscription: true,
  Items: [],
  ...fields,
});

/** Offers as GET store/catalog answers them (server/data/catalog.json, in English). */
export const catalog: ServiceOffer[] = [
  offer({ Key: 'pdf-workshop-free', Description: 'PDF Workshop Free', TrialDays: -1, IsSubscription: false, Items: ['Repair damaged PDF files up to 10 MB', '5 repairs per day'] }),
  offer({ Key: 'pdf-workshop-pro-monthly', Description: 'PDF Workshop Pro, monthly', Price: 999, Items: ['Unlimited repairs of files up to 500 MB'] }),
  offer({ Key: 'pdf-workshop-pro-yearly', Description: 'PDF Workshop Pro, yearly', Price: 9900, Savings: 2088, Items: ['12 months for the price of 10'] }),
  offer({
    Key: 'consulting-architecture-review',
    Description: 'Architecture review (one week)',
    ServiceName: 'Software Consulting',
    ServiceHomePage: '/solutions/consulting',
    AppPage: '/contact',
    Price: 150000,
    IsSubscription: false,
    Items: ['Written findings and a prioritized plan'],
  }),
];

export const noBilling = {
  BillingName: null,
  BillingAddress1: null,
  BillingAddress2: null,
  BillingCity: null,
  BillingStateCode: null,
  BillingPostalCode: null,
  BillingCountryCode: null,
  IsBusinessPurchase: false,
};

export const texasBilling = {
  BillingName: 'Ann Example',
  BillingAddress1: '1 Main St',
  BillingAddress2: null,
  BillingCity: 'Plano',
  BillingStateCode: 'TX',
  BillingPostalCode: '75024',
  BillingCountryCode: 'US',
  IsBusinessPurchase: false,
};

/** A cart model as the backend prices it: Texas 8.25 %, elsewhere no tax. */
export function pricedCart(quantities: Record<string, number>, billing: Omit<CartModel, 'LineItems' | 'SubTotalAmount' | 'TaxTotalAmount' | 'TotalAmount' | 'IsTaxExempt'> = noBilling): CartModel {
  const LineItems = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([Key, Quantity]) => ({ Key, Quantity, SubTotalAmount: catalog.find((entry) => entry.Key === Key)!.Price * Quantity, AvailableLicenseKey: null }));
  const SubTotalAmount = LineItems.reduce((sum, line) => sum + line.SubTotalAmount, 0);
  const texas = billing.BillingCountryCode === 'US' && billing.BillingStateCode === 'TX';
  const TaxTotalAmount = texas ? Math.round((SubTotalAmount * 825) / 10000) : 0;
  return { LineItems, SubTotalAmount, TaxTotalAmount, TotalAmount: SubTotalAmount + TaxTotalAmount, ...billing, IsTaxExempt: !texas };
}

export const countries = [
  { Code: 'DE', Name: 'Germany', VatId: true },
  { Code: 'US', Name: 'United States of America', VatId: false },
];
export const usStates = [
  { Code: 'CA', Name: 'California' },
  { Code: 'TX', Name: 'Texas' },
];
