import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceView } from '@/components/billing/InvoiceView';
import { servicesBought } from '@/components/billing/PaymentSuccess';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { Invoice } from '@/lib/contract/billing';
import type { ServiceOffer } from '@/lib/contract/store';
import { appActions, appState } from '@/lib/state/app-state';
import { logInThroughDialog, resetAccountState, snackText } from './account-helpers';
import {
  customerWithCredits,
  customerWithInvoices,
  endSessionElsewhere,
  invoicePage,
  shareCustomerState,
  unknownKey,
  utcDay,
} from './billing-fixtures';
import { renderWithIntl, routerCalls, type TestLocale } from './render';
import { signedIn } from './runner/accounts';
import { network, pageApi } from './runner/network';

// The setup signs an account up and buys through the real backend.

beforeEach(resetAccountState);

/** The invoice page for the logged-in user, with the login dialog and the snacks it uses. */
function openInvoice(key: string, { search = '', locale = 'en' as TestLocale } = {}) {
  // The shell sends the page's language with every call, so the backend words its texts in it.
  appActions.setDisplayLanguage(locale);
  renderWithIntl(
    <>
      <InvoiceView id={key} />
      <AuthDialogs />
      <SnackbarHost />
    </>,
    locale,
    { pathname: invoicePage(key), search },
  );
}

const status = () => screen.findByTestId('invoice-status');
const amountDue = () => screen.getByTestId('amount-due');
const payNow = () => screen.queryByRole('link', { name: 'Pay Now' });
const thanks = 'Payment successful! Thank you for your purchase.';
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('invoice page (screen 18)', () => {
  let invoices!: Awaited<ReturnType<typeof customerWithInvoices>>;
  shareCustomerState(customerWithInvoices, (built) => (invoices = built));

  it('shows a paid invoice in full: number and version, UTC dates, bill-to, lines, totals, payments, PDF', async () => {
    const { full } = invoices;
    openInvoice(full.Key);
    expect(await status()).toHaveTextContent('Paid');
    expect(screen.getByRole('heading', { name: `Invoice ${full.InvoiceNumber}` })).toBeVisible();
    // The cart changed after the checkout began: the invoice was versioned.
    expect(screen.getByText('Version 2')).toBeVisible();
    expect(screen.getByText('Bluebonnet Software LLC')).toBeVisible();
    expect(screen.getByTestId('paid-date')).toHaveTextContent(utcDay(full.FullyPaidDate));
    expect(screen.getByTestId('bill-to')).toHaveTextContent(
      new RegExp(
        `Ann Smith.*100 Main Street.*Suite 5.*Plano, Texas 75024.*United States of America.*${literally(full.BillingEmailAddress)}`,
      ),
    );

    const lines = within(screen.getByRole('table', { name: 'Invoice lines' }));
    expect(lines.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Description', 'Unit price', 'Quantity', 'Amount']);
    expect(lines.getByRole('row', { name: /PDF Workshop Pro, monthly/ })).toHaveTextContent(/\$9\.99\s*2\s*\$19\.98/);
    expect(lines.getByRole('row', { name: /Architecture review/ })).toHaveTextContent('$1,500.00');
    // 8.25 % Texas sales tax on $1,519.98.
    expect(screen.getByTestId('tax')).toHaveTextContent('$125.40');
    expect(screen.getByText('$1,519.98')).toBeVisible();
    expect(amountDue()).toHaveTextContent('$0.00');
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByRole('row', { name: /Card payment/ })).toHaveTextContent(
      '$1,645.38',
    );

    expect(screen.getByRole('link', { name: 'DOWNLOAD PDF' })).toHaveAttribute(
      'href',
      `/api/billing/invoice-pdf/${full.Key}/download?lang=en`,
    );
    expect(payNow()).toBeNull();
    expect(screen.queryByText(thanks)).toBeNull();
    // Nothing was given back: no credits section.
    expect(screen.queryByRole('heading', { name: 'Credits' })).toBeNull();
  });

  it('asks for a login instead of downloading the PDF when the session has ended meanwhile (logged out in another tab)', async () => {
    const { full } = invoices;
    openInvoice(full.Key);
    const download = await screen.findByRole('link', { name: 'DOWNLOAD PDF' });
    await endSessionElsewhere();
    await userEvent.click(download);
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(appState.get().sessionInfo).toBeNull();
    expect(network.calls('GET auth/session-info')).toHaveLength(1);
    expect(network.calls((call) => call.path.startsWith('billing/invoice-pdf'))).toEqual([]);
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: invoicePage(full.Key) }]);
  });

  it('offers Pay Now only while unpaid, as a checkout of that invoice', async () => {
    const { unpaid } = invoices;
    openInvoice(unpaid.Key);
    expect(await status()).toHaveTextContent('Unpaid Pending');
    expect(payNow()).toHaveAttribute('href', `/store/checkout?invoice=${unpaid.Key}`);
    expect(amountDue()).toHaveTextContent('$1,645.38');
    expect(screen.getByText('No payments yet.')).toBeVisible();
  });

  it('says tax exempt instead of a tax amount (billed outside Texas)', async () => {
    openInvoice(invoices.taxExempt.Key);
    expect(await screen.findByTestId('tax')).toHaveTextContent('Tax exempt');
    // No state outside the US: the city line is the city and the postal code.
    expect(screen.getByTestId('bill-to')).toHaveTextContent(/Berlin, 10115.*Germany/);
  });

  it('thanks for the payment and opens each app bought once (?payment_successful=true)', async () => {
    openInvoice(invoices.twoPlans.Key, { search: 'payment_successful=true' });
    expect(await screen.findByText(thanks)).toBeVisible();
    expect(await screen.findByRole('link', { name: 'OPEN PDF WORKSHOP APP' })).toHaveAttribute('href', '/apps/pdf');
    // Two PDF Workshop plans make one button; consulting was bought too, but it has no app to open.
    expect(screen.getAllByRole('link', { name: /^OPEN .* APP$/ })).toHaveLength(1);
    expect(network.calls('GET store/catalog')).toHaveLength(1);
  });

  it('keeps the thank-you line when the catalog cannot be read (a gateway answering 502), without a snack', async () => {
    network.gatewayError('GET store/catalog');
    openInvoice(invoices.full.Key, { search: 'payment_successful=true' });
    expect(await screen.findByText(thanks)).toBeVisible();
    await waitFor(() => expect(network.calls('GET store/catalog')).toHaveLength(1));
    await network.settled();
    expect(screen.queryByRole('link', { name: /^OPEN/ })).toBeNull();
    expect(snackText()).toBeNull();
  });

  it('does not thank for an invoice that is still unpaid', async () => {
    openInvoice(invoices.unpaid.Key, { search: 'payment_successful=true' });
    await status();
    expect(screen.queryByText(thanks)).toBeNull();
    expect(network.calls('GET store/catalog')).toEqual([]);
  });

  it.each([
    ['not there', async () => unknownKey()],
    [
      'not yours',
      async () => {
        await signedIn(); // another account, in this browser now
        return invoices.full.Key;
      },
    ],
  ])('says clearly when the invoice is %s (404), without an error snack', async (_, invoiceKey) => {
    openInvoice(await invoiceKey());
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice was not found.');
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/account/billing');
    expect(snackText()).toBeNull();
  });

  it('speaks German, with the service name upper-cased in the button', async () => {
    openInvoice(invoices.full.Key, { locale: 'de', search: 'payment_successful=true' });
    expect(await status()).toHaveTextContent('Bezahlt');
    expect(screen.getByText('Zahlung erfolgreich! Vielen Dank für Ihren Einkauf.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'PDF WORKSHOP-APP ÖFFNEN' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'PDF HERUNTERLADEN' })).toBeVisible();
    // The company's own address is in the reader's language, and so are the backend's texts.
    expect(screen.getByText('Bluebonnet Software LLC').parentElement).toHaveTextContent(/Vereinigte Staaten/);
    expect(screen.getByTestId('bill-to')).toHaveTextContent('Vereinigte Staaten von Amerika');
    expect(screen.getByRole('row', { name: /PDF Workshop Pro, monatlich/ })).toBeVisible();
  });
});

describe('invoice page: refunds and voids', () => {
  let credited!: Awaited<ReturnType<typeof customerWithCredits>>;
  shareCustomerState(customerWithCredits, (built) => (credited = built));

  const credits = () => within(screen.getByRole('table', { name: 'Credits' }));

  it('says Partially refunded and lists the refund with its date, reason and amount; the payments list only the payment', async () => {
    const { partlyRefunded } = credited;
    openInvoice(partlyRefunded.Key);
    expect(await status()).toHaveTextContent(/^Partially refunded$/);
    const refund = credits().getByTestId('credit-refund');
    expect(refund).toHaveTextContent('Refund');
    expect(refund).toHaveTextContent('Reason: Goodwill for the outage');
    expect(refund).toHaveTextContent('-$5.00');
    expect(refund).toHaveTextContent(utcDay(new Date().toISOString()));
    const payments = within(screen.getByRole('table', { name: 'Payments' }));
    expect(payments.getAllByRole('row')).toHaveLength(2); // the heading and the card payment
    expect(payments.getByRole('row', { name: /Card payment/ })).toHaveTextContent('$10.81');
    expect(amountDue()).toHaveTextContent('$0.00');
  });

  it('says Void, shows VOID for the amount due and the voided total as a credit with its reason, and offers no Pay Now', async () => {
    const { voided } = credited;
    openInvoice(voided.Key);
    expect(await status()).toHaveTextContent(/^Void$/);
    expect(amountDue()).toHaveTextContent(/^VOID$/);
    const credit = credits().getByTestId('credit-void');
    expect(credit).toHaveTextContent('Invoice voided');
    expect(credit).toHaveTextContent('Reason: Ordered by mistake');
    expect(credit).toHaveTextContent('-$10.81');
    expect(payNow()).toBeNull();
    expect(screen.getByText('No payments yet.')).toBeVisible();
  });

  it('speaks German: Erstattet, and a refund without a reason shows none', async () => {
    openInvoice(credited.refunded.Key, { locale: 'de' });
    expect(await status()).toHaveTextContent(/^Erstattet$/);
    const refund = within(screen.getByRole('table', { name: 'Gutschriften' })).getByTestId('credit-refund');
    expect(refund).toHaveTextContent('Erstattung');
    expect(refund).toHaveTextContent('-$107.17');
    expect(refund).not.toHaveTextContent('Grund');
  });
});

describe('servicesBought', () => {
  let catalog: ServiceOffer[];
  beforeAll(async () => {
    catalog = (await pageApi<ServiceOffer[]>('GET', 'store/catalog')).body;
  });

  const line = (Key: string): Invoice['LineItems'][number] => ({
    Key,
    Quantity: 1,
    SubTotalAmount: 0,
    AvailableLicenseKey: null,
    Description: Key,
    UnitAmount: 0,
  });

  it('names each hosted app once, in line order, and skips consulting and keys the catalog does not know', () => {
    const invoice = {
      LineItems: ['consulting-architecture-review', 'pdf-workshop-pro-monthly', 'pdf-workshop-pro-yearly', 'retired-offer'].map(line),
    };
    expect(servicesBought(invoice, catalog)).toEqual([{ name: 'PDF Workshop', appPage: '/apps/pdf' }]);
  });
});
