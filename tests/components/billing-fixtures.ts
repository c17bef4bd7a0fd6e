import type { Invoice, Subscription } from '@/lib/contract/billing';
import type { ServiceOffer } from '@/lib/contract/store';
import type { ApiCall, ServerAnswer } from './account-helpers';

/*
 * The JSON the backend sends for billing (shapes from tests/api/billing.test.ts): a Texas
 * purchase of PDF Workshop Pro, monthly, paid by the manual provider's test card.
 */
export const invoiceKey = '6f1c2a8e-1b7d-4c55-9a43-0d2f6b1e9a01';
export const subscriptionKey = '0b9e4f3a-5c21-4e8b-8f7d-2a6c1d3e5f02';

export const paidInvoice: Invoice = {
  Key: invoiceKey,
  InvoiceNumber: '2025-00042',
  InvoiceVersion: 2,
  // 01:30 UTC on Nov 1 is still Oct 31 in every US time zone.
  CreatedDate: '2025-11-01T01:30:00.000Z',
  FullyPaidDate: '2025-11-01T01:31:00.000Z',
  IsVoid: false,
  LineItems: [
    { Key: 'pdf-workshop-pro-monthly', Quantity: 2, SubTotalAmount: 1998, AvailableLicenseKey: null, Description: 'PDF Workshop Pro, monthly', UnitAmount: 999 },
    { Key: 'consulting-architecture-review', Quantity: 1, SubTotalAmount: 150000, AvailableLicenseKey: null, Description: 'Architecture review (one week)', UnitAmount: 150000 },
  ],
  SubTotalAmount: 151998,
  TaxTotalAmount: 12540,
  TotalAmount: 164538,
  TotalAmountDue: 0,
  BillingName: 'Ann Smith',
  BillingAddress1: '100 Main Street',
  BillingAddress2: 'Suite 5',
  BillingCity: 'Plano',
  BillingStateCode: 'TX',
  BillingStateName: 'Texas',
  BillingPostalCode: '75024',
  BillingCountryCode: 'US',
  BillingCountryName: 'United States',
  BillingEmailAddress: 'ann@example.com',
  BillingNotes: null,
  IsBusinessPurchase: false,
  IsTaxExempt: false,
  Payments: [{ DateTime: '2025-11-01T01:31:00.000Z', Description: 'Card payment (test mode)', Amount: 164538, IsPayment: true, IsCard: true }],
};

export const unpaidInvoice: Invoice = { ...paidInvoice, Key: '7a2d3b9f-2c8e-4d66-8b54-1e3f7c2f0b03', InvoiceNumber: '2025-00043', InvoiceVersion: 1, FullyPaidDate: null, TotalAmountDue: 164538, Payments: [] };
export const voidInvoice: Invoice = { ...unpaidInvoice, Key: '8b3e4c0a-3d9f-4e77-9c65-2f4a8d3a1c04', InvoiceNumber: '2025-00044', IsVoid: true, TotalAmountDue: 0 };

export const activeSubscription: Subscription = {
  Key: subscriptionKey,
  Description: 'PDF Workshop Pro, monthly',
  EffectiveDate: '2025-11-01T01:31:00.000Z',
  ExpirationDate: '2025-12-01T01:31:00.000Z',
  NextRenewalDate: '2025-12-01T01:31:00.000Z',
  IsCancelled: false,
  IsActivated: true,
  IsActive: true,
  HasExpired: false,
  IsRenewed: false,
  IsValid: true,
  RenewalFailed: false,
  InvoiceKey: invoiceKey,
  AppPage: '/apps/pdf',
  ProductHomePage: '/solutions/pdf',
};

export const offers: ServiceOffer[] = [
  { Key: 'pdf-workshop-pro-monthly', Description: 'PDF Workshop Pro, monthly', ServiceName: 'PDF Workshop', ServiceHomePage: '/solutions/pdf', AppPage: '/apps/pdf', Price: 999, Savings: 0, TrialDays: 0, IsSubscription: true, Items: [] },
  { Key: 'pdf-workshop-pro-yearly', Description: 'PDF Workshop Pro, yearly', ServiceName: 'PDF Workshop', ServiceHomePage: '/solutions/pdf', AppPage: '/apps/pdf', Price: 9900, Savings: 2088, TrialDays: 0, IsSubscription: true, Items: [] },
  { Key: 'personal-health-plus-monthly', Description: 'Personal Health Plus, monthly', ServiceName: 'Personal Health', ServiceHomePage: '/solutions/health', AppPage: '/apps/health', Price: 499, Savings: 0, TrialDays: 0, IsSubscription: true, Items: [] },
  { Key: 'consulting-architecture-review', Description: 'Architecture review (one week)', ServiceName: 'Software Consulting', ServiceHomePage: '/solutions/consulting', AppPage: '/contact', Price: 150000, Savings: 0, TrialDays: 0, IsSubscription: false, Items: [] },
];

export const notFound: ServerAnswer = { status: 404, body: { ErrorMessages: [{ Message: 'Not found.' }] } };
export const sessionGone: ServerAnswer = { status: 401, body: { ErrorMessages: [{ Message: 'Please log in to continue.' }] } };

/** Answers by method and path, e.g. { 'GET billing/invoices': …, 'DELETE license/subscription/…': … }. */
export const routes = (table: Record<string, ServerAnswer | ServerAnswer[] | undefined>) => (call: ApiCall) => {
  const entry = table[`${call.method} ${call.path}`];
  return Array.isArray(entry) ? entry.shift() : entry;
};
