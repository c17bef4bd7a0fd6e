/** Where the billing pages live (spec §2 route table), and how their text links look. */
export const invoicePath = (key: string) => `/account/billing/invoice/${encodeURIComponent(key)}`;
export const subscriptionPath = (key: string) => `/account/billing/subscription/${encodeURIComponent(key)}`;

export const textLinkClass = 'rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
