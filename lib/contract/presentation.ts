import type { Invoice, Subscription } from './billing';
import type { CartModel } from './store';

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

/** Money is held in cents and shown as US dollars with 2 decimals (docs/product/store.md#money). */
export const formatUsd = (cents: number) => dollars(cents, 2);

/** The 'Save' amount is Savings / 100 in USD without decimals (docs/product/store.md#pricing-page). */
export const formatUsdWhole = (cents: number) => dollars(cents, 0);

/** Money in cents as US dollars written the reader's way ($1,234.50; 1.234,50 $; 1 234,50 $): the console's. */
export function formatUsdIn(locale: string): (cents: number) => string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  return (cents) => format.format(cents / 100);
}

/** Dollars as typed ("12", "12.5", "1,234.56") → cents, or null when it is no amount. */
export function dollarsToCents(typed: string): number | null {
  const plain = typed.trim().replace(/[$\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a plain amount for a field: 1234 → "12.34". */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** Invoice dates as MM/dd/yyyy in UTC (docs/product/billing.md#dates). */
export function formatInvoiceDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

type TaxedModel = Pick<CartModel, 'IsTaxExempt' | 'TaxRateBasisPoints' | 'BillingStateCode' | 'BillingCountryCode'>;

/**
 * What the tax line names ("Sales tax 8.25 % (TX)"): the rate with the reader's decimal mark and
 * the state (else the country) it is charged for; null when no tax applies.
 */
export function taxRateValues(model: TaxedModel, language: string): { rate: string; region: string } | null {
  if (model.IsTaxExempt || !model.TaxRateBasisPoints) return null;
  const rate = String(model.TaxRateBasisPoints / 100);
  return {
    rate: language === 'en' ? rate : rate.replace('.', ','),
    region: model.BillingStateCode ?? model.BillingCountryCode ?? '',
  };
}

export type InvoiceStatus = 'void' | 'refunded' | 'partiallyRefunded' | 'paid' | 'unpaid';

/** What was given back on an invoice, in cents. */
export const refundedOf = (invoice: Pick<Invoice, 'Payments'>) =>
  invoice.Payments.reduce((total, payment) => total + (payment.IsPayment ? 0 : payment.Amount), 0);

/**
 * Invoice status (docs/product/billing.md#invoice-status): Void; then for a paid invoice what it
 * still keeps of its total after refunds (a refunded second payment leaves it Paid); otherwise
 * Unpaid Pending.
 */
export function invoiceStatus(invoice: Pick<Invoice, 'IsVoid' | 'FullyPaidDate' | 'Payments' | 'TotalAmount'>): InvoiceStatus {
  if (invoice.IsVoid) return 'void';
  if (!invoice.FullyPaidDate) return 'unpaid';
  const refunded = refundedOf(invoice);
  if (!refunded) return 'paid';
  const kept = invoice.Payments.reduce((total, payment) => total + (payment.IsPayment ? payment.Amount : 0), 0) - refunded;
  if (kept <= 0) return 'refunded';
  return kept < invoice.TotalAmount ? 'partiallyRefunded' : 'paid';
}

export type SubscriptionState = 'active' | 'expired' | 'pending' | 'renewed' | 'inactive' | 'invalid';

/**
 * The first state that applies, in this order: INVALID, INACTIVE, Active, Renewed, Expired, Pending
 * (docs/product/billing.md#subscription-states).
 */
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
