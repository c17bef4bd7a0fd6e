import type { Invoice, Subscription } from './billing';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Spec §3: money is held in cents and shown as US dollars with 2 decimals. */
export const formatUsd = (cents: number) => usd.format(cents / 100);

/** Spec §2 screen 9: the 'Save' amount is Savings / 100 in USD without decimals. */
export const formatUsdWhole = (cents: number) => usdWhole.format(cents / 100);

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
export function subscriptionState(s: Pick<Subscription, 'IsActive' | 'HasExpired' | 'IsRenewed' | 'IsActivated' | 'IsValid'>): SubscriptionState {
  if (!s.IsValid) return 'invalid';
  if (!s.IsActivated) return 'inactive';
  if (s.IsActive) return 'active';
  if (s.IsRenewed) return 'renewed';
  if (s.HasExpired) return 'expired';
  return 'pending';
}
