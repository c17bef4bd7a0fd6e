import type { LoginResponse } from '@/lib/contract/auth';
import type { Invoice, Subscription } from '@/lib/contract/billing';
import { logIn } from './account-helpers';
import { checkoutElsewhere, payElsewhere, returnAnswer, testCards } from './checkout-helpers';
import { fillCart, type Quantities } from './store-helpers';
import { signedIn, uniqueEmail } from './runner/accounts';
import { germanBilling, texasBilling } from '../support/billing-contacts';
import { accepted, pageApi } from './runner/network';
import { staffInConsole } from './admin-helpers';

/*
 * Real billing states for the billing screens, built through the real backend with the page's
 * cookies (as another tab of the same browser would): a cart, a checkout, a payment with the
 * manual provider's card form, the e2e renewal hook, a cancel. The calls and their answers are
 * those of tests/api/payments-manual.test.ts and tests/api/billing.test.ts.
 */

/** No tax is charged outside Texas (server/data/tax-rates.json): the invoice is tax exempt. */

/** Pays a started checkout and returns as the payment-return page does; the paid invoice's key. */
async function payCheckout(clientSecret: string, card: string = testCards.success) {
  const answer = await returnAnswer(await payElsewhere(clientSecret, card));
  if (answer.Status !== 'complete') throw new Error(`the payment was not taken: ${JSON.stringify(answer)}`);
  return answer.InvoiceKey!;
}

/** Buys the items in one checkout; the paid invoice's key. */
async function buy(items: Quantities, { billing = texasBilling, card = testCards.success as string } = {}) {
  await fillCart(items, billing);
  return payCheckout(await checkoutElsewhere(), card);
}

/** The TEST_HOOKS renewal run: the customer's open subscriptions reach their renewal date and the real renewal job runs. */
export const renewNow = () => accepted('run the renewals', pageApi<{ Renewed: number }>('POST', 'test/renewal-run'));

/** Cancels a subscription as another tab of the browser would. */
export const cancelElsewhere = (key: string) => accepted('cancel the subscription', pageApi('DELETE', `license/subscription/${key}`));

/** Logs out in another tab: the session the page still believes in is gone. */
export const endSessionElsewhere = () => accepted('log out', pageApi('PUT', 'auth/logout'));

const readInvoices = () => accepted('read the invoices', pageApi<Invoice[]>('GET', 'billing/invoices'));
const readInvoice = (key: string) => accepted('read the invoice', pageApi<Invoice>('GET', `billing/invoice/${key}`));
const readSubscriptions = () => accepted('read the subscriptions', pageApi<Subscription[]>('GET', 'license/subscriptions'));
export const readSubscription = (key: string) =>
  accepted('read the subscription', pageApi<Subscription>('GET', `license/subscription/${key}`));

interface Customer {
  email: string;
  password: string;
}

/** A new account, signed up and logged in on the page (`signedIn`); the state built for it follows with the page's cookies. */
async function newCustomer(label = 'billing'): Promise<Customer> {
  const { email, password } = await signedIn({ email: uniqueEmail(label) });
  return { email, password };
}

/**
 * The customer comes back and logs in, for real: every test starts as a new browser profile
 * (resetAccountState clears the cookies), so a state built once per describe is reached again
 * this way. The app state then knows the session, as after the login dialog.
 */
async function returningCustomer(customer: Customer) {
  await pageApi('GET', 'auth/session-info'); // the XSRF cookie, as the site's start-up gets it
  const answer = await accepted(
    'log in',
    pageApi<LoginResponse>('POST', 'auth/login', { UserName: customer.email, Password: customer.password, CookieConsent: null }),
  );
  if (!answer.SessionInfo) throw new Error(`the login gave no session: ${JSON.stringify(answer)}`);
  logIn(answer.SessionInfo);
}

/**
 * A customer's billing state, built once for the describe block around it (the tests only
 * read it); each test then starts with that customer logging in again (`returningCustomer`).
 */
export function shareCustomerState<T extends { customer: Customer }>(build: () => Promise<T>, keep: (state: T) => void) {
  let state: T;
  beforeAll(async () => {
    state = await build();
    keep(state);
  });
  beforeEach(() => returningCustomer(state.customer));
}

/** A key no invoice or subscription has. */
export const unknownKey = () => crypto.randomUUID();

/** A subscription's page path and an invoice's, as the billing links name them. */
export const subscriptionPage = (key: string) => `/account/billing/subscription/${key}`;
export const invoicePage = (key: string) => `/account/billing/invoice/${key}`;

/** The UTC day of an ISO date as MM/dd/yyyy (docs/product/billing.md#dates), read off the text rather than through the app's formatter. */
export function utcDay(iso: string | null) {
  if (!iso) throw new Error('no date');
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

const only = <T>(rows: T[], what: string, test: (row: T) => boolean) => {
  const found = rows.filter(test);
  if (found.length !== 1) throw new Error(`expected one ${what}, found ${found.length}`);
  return found[0];
};

/**
 * A customer with a subscription in each state a customer can reach, and their invoices:
 * - PDF Workshop Pro yearly, paid with the card whose renewal fails, after the renewal run:
 *   expired, "Renewal Failed!", leading to its unpaid renewal invoice;
 * - Personal Health Plus monthly, renewed once by the same run: the old period Renewed, the
 *   new one Active with a renewal date, on a paid renewal invoice;
 * - PDF Workshop Pro monthly, bought after the run and then cancelled: Active, Cancelled.
 */
export async function customerWithBillingHistory() {
  const customer = await newCustomer('history');
  // Renewals charge the card on file, the one the last purchase paid with: the yearly plan's
  // renewal runs while that is the failing card, the health plan's after a good card replaced it.
  await buy({ 'pdf-workshop-pro-yearly': 1 }, { card: testCards.renewalFails });
  await renewNow();
  await buy({ 'personal-health-plus-monthly': 1 });
  await renewNow();
  const cancelledInvoiceKey = await buy({ 'pdf-workshop-pro-monthly': 1 });
  const bought = await readSubscriptions();
  await cancelElsewhere(only(bought, 'monthly PDF plan', (row) => row.InvoiceKey === cancelledInvoiceKey).Key);

  const subscriptions = await readSubscriptions();
  const invoices = await readInvoices();
  const health = (row: Subscription) => row.Description === 'Personal Health Plus, monthly';
  const renewedTo = only(subscriptions, 'current health period', (row) => health(row) && !row.IsRenewed);
  return {
    customer,
    subscriptions,
    invoices,
    active: renewedTo,
    renewed: only(subscriptions, 'renewed health period', (row) => health(row) && row.IsRenewed),
    cancelled: only(subscriptions, 'cancelled plan', (row) => row.IsCancelled),
    renewalFailed: only(subscriptions, 'failed renewal', (row) => row.RenewalFailed),
    /** The paid renewal invoice of the health plan. */
    renewalInvoice: only(invoices, 'health renewal invoice', (invoice) => invoice.Key === renewedTo.InvoiceKey),
    /** The failed renewal's invoice, unpaid. */
    unpaidInvoice: only(invoices, 'unpaid invoice', (invoice) => invoice.FullyPaidDate === null),
    /** The yearly plan's purchase, paid. */
    paidInvoice: only(
      invoices,
      'yearly purchase',
      (invoice) => invoice.LineItems[0].Key === 'pdf-workshop-pro-yearly' && invoice.FullyPaidDate !== null,
    ),
  };
}

/** A new customer, logged in on the page, with one active monthly PDF plan (of one seat unless said), its renewal date ahead; that subscription. */
export async function customerWithActivePlan(label = 'plan', seats = 1) {
  await newCustomer(label);
  await buy({ 'pdf-workshop-pro-monthly': seats });
  const [subscription] = await readSubscriptions();
  return subscription;
}

/**
 * A customer billed in Texas (unless said) with these invoices:
 * - `full`: PDF Workshop Pro monthly ×2 and the architecture review, paid; the cart changed
 *   once after its checkout began, so the invoice is in its second version;
 * - `twoPlans`: PDF Workshop Pro monthly and yearly and the architecture review, paid;
 * - `taxExempt`: PDF Workshop Pro monthly billed to Germany, paid;
 * - `unpaid`: the same cart as `full`, its checkout begun and not paid.
 */
export async function customerWithInvoices() {
  const customer = await newCustomer('invoices');
  const fullCart = { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 };
  await fillCart({ 'pdf-workshop-pro-monthly': 1 }, texasBilling);
  await checkoutElsewhere();
  await fillCart(fullCart, texasBilling);
  const full = await readInvoice(await payCheckout(await checkoutElsewhere()));
  const twoPlans = await readInvoice(
    await buy({ 'pdf-workshop-pro-monthly': 1, 'pdf-workshop-pro-yearly': 1, 'consulting-architecture-review': 1 }),
  );
  const taxExempt = await readInvoice(await buy({ 'pdf-workshop-pro-monthly': 1 }, { billing: germanBilling }));
  await fillCart(fullCart, texasBilling);
  await checkoutElsewhere();
  const unpaid = only(await readInvoices(), 'unpaid invoice', (invoice) => invoice.FullyPaidDate === null);
  return { customer, full, twoPlans, taxExempt, unpaid };
}

/**
 * A customer billed in Texas whose invoices staff gave money back on or voided, through the
 * console's real calls (a staff member in this browser meanwhile):
 * - `partlyRefunded`: PDF Workshop Pro monthly ($10.81), $5.00 refunded "Goodwill for the outage";
 * - `refunded`: PDF Workshop Pro yearly ($107.17), refunded in full without a reason;
 * - `voided`: the same monthly plan, its checkout begun, voided "Ordered by mistake".
 */
export async function customerWithCredits() {
  const customer = await newCustomer('credits');
  const partlyRefundedKey = await buy({ 'pdf-workshop-pro-monthly': 1 });
  const refundedKey = await buy({ 'pdf-workshop-pro-yearly': 1 });
  await fillCart({ 'pdf-workshop-pro-monthly': 1 }, texasBilling);
  await checkoutElsewhere();
  const voidedKey = only(await readInvoices(), 'open invoice', (invoice) => invoice.FullyPaidDate === null).Key;
  // As bought: the customer reads the credits after logging in again.
  const [partlyRefunded, refunded, voided] = await Promise.all([partlyRefundedKey, refundedKey, voidedKey].map(readInvoice));

  const staff = await staffInConsole();
  await accepted('confirm the password', pageApi('POST', 'admin/confirm-password', { CurrentPassword: staff.password }));
  const refund = (key: string, body: { Amount: number; Reason?: string }) =>
    accepted('refund', pageApi('POST', `admin/invoices/${key}/refund`, body));
  await refund(partlyRefundedKey, { Amount: 500, Reason: 'Goodwill for the outage' });
  await refund(refundedKey, { Amount: 10717 });
  await accepted('void', pageApi('POST', `admin/invoices/${voidedKey}/void`, { Reason: 'Ordered by mistake' }));
  return { customer, partlyRefunded, refunded, voided };
}
