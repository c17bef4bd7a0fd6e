// Also loaded by proxy.ts (through lib/portal-guard.ts) and the backend: no `@/` imports and no React here.

/** The hosted apps' landing pages live under /apps/ (docs/product/billing.md#app-landing-pages): an offer with one opens an app. */
export const isHostedApp = (path: string) => path.startsWith('/apps/');

/** The billing page's (docs/product/billing.md#billing-page) query parameters that name an invoice or subscription to open. */
export const INVOICE_ID_PARAM = 'invoice_id';
export const SUBSCRIPTION_ID_PARAM = 'subscription_id';

/** Where the billing pages live (docs/product/languages-and-routing.md#routes). */
export const billingPath = '/account/billing';
export const invoicePath = (key: string) => `/account/billing/invoice/${encodeURIComponent(key)}`;
/** The invoice page's flag after a completed payment: it then thanks for the payment (docs/product/billing.md#invoice-page). */
export const PAYMENT_SUCCESSFUL_PARAM = 'payment_successful';
export const paidInvoicePath = (key: string) => `${invoicePath(key)}?${PAYMENT_SUCCESSFUL_PARAM}=true`;
/** Pay Now of an unpaid invoice is a checkout of that invoice (docs/product/billing.md#invoice-status). */
export const payInvoicePath = (key: string) => `/store/checkout?invoice=${encodeURIComponent(key)}`;
export const subscriptionPath = (key: string) => `/account/billing/subscription/${encodeURIComponent(key)}`;
/** The subscription page opens its change dialog with one seat more (the pricing page's ADD A SEAT). */
export const ADD_SEAT_PARAM = 'add_seat';
export const addSeatPath = (key: string) => `${subscriptionPath(key)}?${ADD_SEAT_PARAM}=1`;
/** The card on file's update page (docs/product/billing.md#card-on-file); Stripe's form returns there with its session. */
export const cardPath = '/account/billing/card';
export const CARD_SESSION_PARAM = 'session_id';

/** The page a staff invitation's link opens (with ?token=). */
export const staffInvitePath = '/staff-invite';

/** The operator console's pages that staff mail links to; components/admin/paths.ts lists them with the rest. */
export const consolePagePaths = {
  supportThread: (key: string) => `/admin/support/${encodeURIComponent(key)}`,
  customer: (key: string) => `/admin/customers/${encodeURIComponent(key)}`,
  invoice: (key: string) => `/admin/invoices/${encodeURIComponent(key)}`,
} as const;
