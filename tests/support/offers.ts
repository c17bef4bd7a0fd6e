import type { OfferCreate } from '@/lib/contract/admin';

/** A text in every site language, each marked with its language so a test can tell them apart. */
const localized = (text: string) => ({ en: text, de: `${text} (de)`, ru: `${text} (ru)` });

/** A one-time consulting offer as the console creates it, with any field replaced. */
export const newOffer = (key: string, overrides: Partial<OfferCreate> = {}): OfferCreate => ({
  Key: key,
  Description: localized(`Offer ${key}`),
  ServiceName: localized('Consulting'),
  ServiceHomePage: '/services/consulting',
  AppPage: '/contact',
  Price: 25000,
  Savings: 0,
  TrialDays: 0,
  Items: { en: ['One day'], de: ['Ein Tag'], ru: ['Один день'] },
  IsSubscription: false,
  RenewalMonths: 1,
  Claims: [],
  ...overrides,
});
