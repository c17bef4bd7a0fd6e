// The brand and build-time switches of the site: the one place to rename the company.
export const brand = {
  company: 'Bluebonnet Software LLC',
  product: 'Bluebonnet',
  supportEmail: 'support@bluebonnet-software.example',
  street: '100 Bluebonnet Way, Suite 200',
  city: 'Plano',
  region: 'Texas',
  regionCode: 'TX',
  postalCode: '75024',
  countryCode: 'US',
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000',
} as const;

/** The postal address on one line, with the country named in the reader's language. */
export const postalAddressIn = (countryName: string) =>
  `${brand.street}, ${brand.city}, ${brand.regionCode} ${brand.postalCode}, ${countryName}`;

/** The production flag is on unless the build turns it off on purpose (docs/product/pages.md#the-production-flag). */
export const isProduction = process.env.NEXT_PUBLIC_PRODUCTION !== 'false';

/** Substituted by next.config.ts at build time; 'DEV' otherwise (docs/product/pages.md#version-line). */
export const appVersion = process.env.NEXT_PUBLIC_APP_VERSION || 'DEV';

export const snackbarDurations = {
  short: 2000,
  long: 5000,
  contactSuccess: 10000,
  sticky: 0,
} as const;
