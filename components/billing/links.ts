/** Where the billing pages live (spec §2 route table), and how their text links look. */
export const invoicePath = (key: string) => `/account/billing/invoice/${encodeURIComponent(key)}`;
/** The invoice page's flag after a completed payment: it then thanks for the payment (spec screen 18). */
export const PAYMENT_SUCCESSFUL_PARAM = 'payment_successful';
export const paidInvoicePath = (key: string) => `${invoicePath(key)}?${PAYMENT_SUCCESSFUL_PARAM}=true`;
/** Spec §4: Pay Now of an unpaid invoice is a checkout of that invoice. */
export const payInvoiceHref = (key: string) => ({ pathname: '/store/checkout', query: { invoice: key } });
export const subscriptionPath = (key: string) => `/account/billing/subscription/${encodeURIComponent(key)}`;

export const textLinkClass = 'rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
