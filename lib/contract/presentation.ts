import type { Invoice, Subscription } from './billing';

/**
 * Cents as en-US dollars, e.g. -$1,234.56, as Intl.NumberFormat would write them (the unit test
 * compares the two). Written out because a page's first NumberFormat loads ICU's number data,
 * the pricing page's biggest main-thread task after the framework's own (measured in bench/).
 */
function dollars(cents: number, decimals: 0 | 2): string {
  // toFixed takes the nearer of two ties' larger value, so halves of the absolute value round away from zero, as Intl's do.
  const [whole, fraction] = (Math.abs(cents) / 100).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Spec §3: money is held in cents and shown as US dollars with 2 decimals. */
export const formatUsd = (cents: number) => dollars(cents, 2);

/** Spec §2 screen 9: the 'Save' amount is Savings / 100 in USD without decimals. */
export const formatUsdWhole = (cents: number) => dollars(cents, 0);

/** Spec §3: invoice dates as MM/dd/yyyy in UTC. */
export function formatInvoiceDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

export type InvoiceStatus = 'void' | 'paid' | 'unpaid';

/** Spec §4 invoice status: Void; Paid (FullyPaidDate set); otherwise Unpaid Pending. */
export function invoiceStatus(invoice: Pick<Invoice, 'IsVoid' | 'FullyPaidDate'>): InvoiceStatus {
  if (invoice.IsVoid) return 'void';
  return invoice.FullyPaidDate ? 'paid' : 'unpaid';
}

export type SubscriptionState = 'active' | 'expired' | 'pending' | 'renewed' | 'inactive' | 'invalid';

/** Spec §4 subscription states, checked in the order of its table. */
export function subscriptionState(
  s: Pick<Subscription, 'IsActive' | 'HasExpired' | 'IsRenewed' | 'IsActivated' | 'IsValid'>,
): SubscriptionState {
  if (!s.IsValid) return 'invalid';
  if (!s.IsActivated) return 'inactive';
  if (s.IsActive) return 'active';
  if (s.IsRenewed) return 'renewed';
  if (s.HasExpired) return 'expired';
  return 'pending';
}
