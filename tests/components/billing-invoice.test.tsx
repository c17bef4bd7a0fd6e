import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceView } from '@/components/billing/InvoiceView';
import { servicesBought } from '@/components/billing/PaymentSuccess';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { Invoice } from '@/lib/contract/billing';
import { authDialogState } from '@/lib/state/auth-dialogs';
import { logIn, resetAccountState, serveApi, snackText } from './account-helpers';
import { invoiceKey, notFound, offers, paidInvoice, routes, unpaidInvoice, voidInvoice } from './billing-fixtures';
import { renderWithIntl, type TestLocale } from './render';

beforeEach(resetAccountState);

function openInvoice(invoice: Invoice | null, { search = '', locale = 'en' as TestLocale, catalog = true } = {}) {
  const key = invoice?.Key ?? invoiceKey;
  const api = serveApi(
    routes({
      [`GET billing/invoice/${key}`]: invoice ? { body: invoice } : notFound,
      'GET store/catalog': catalog ? { body: offers } : { status: 500, body: { ErrorMessages: [{ Message: 'Internal server error' }] } },
    }),
  );
  logIn();
  renderWithIntl(
    <>
      <InvoiceView id={key} />
      <SnackbarHost />
    </>,
    locale,
    { pathname: `/account/billing/invoice/${key}`, search },
  );
  return api;
}

const status = () => screen.findByTestId('invoice-status');
const amountDue = () => screen.getByTestId('amount-due');
const payNow = () => screen.queryByRole('link', { name: 'Pay Now' });

describe('invoice page (screen 18)', () => {
  it('shows a paid invoice in full: number and version, UTC dates, bill-to, lines, totals, payments, PDF', async () => {
    openInvoice(paidInvoice);
    expect(await status()).toHaveTextContent('Paid');
    expect(screen.getByRole('heading', { name: 'Invoice 2025-00042' })).toBeVisible();
    expect(screen.getByText('Version 2')).toBeVisible();
    expect(screen.getByText('Bluebonnet Software LLC')).toBeVisible();
    // 01:30 UTC on Nov 1 is Oct 31 in US time zones; invoices show the UTC day.
    expect(screen.getByTestId('paid-date')).toHaveTextContent('11/01/2025');
    expect(screen.getByTestId('bill-to')).toHaveTextContent(/Ann Smith.*100 Main Street.*Suite 5.*Plano, Texas 75024.*United States.*ann@example.com/);

    const lines = within(screen.getByRole('table', { name: 'Invoice lines' }));
    expect(lines.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Description', 'Unit price', 'Quantity', 'Amount']);
    expect(lines.getByRole('row', { name: /PDF Workshop Pro, monthly/ })).toHaveTextContent(/\$9\.99\s*2\s*\$19\.98/);
    expect(lines.getByRole('row', { name: /Architecture review/ })).toHaveTextContent('$1,500.00');
    expect(screen.getByTestId('tax')).toHaveTextContent('$125.40');
    expect(screen.getByText('$1,519.98')).toBeVisible();
    expect(amountDue()).toHaveTextContent('$0.00');
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByRole('row', { name: /Card payment/ })).toHaveTextContent('$1,645.38');

    expect(screen.getByRole('link', { name: 'DOWNLOAD PDF' })).toHaveAttribute('href', `/api/billing/invoice-pdf/${invoiceKey}/download`);
    expect(payNow()).toBeNull();
    expect(screen.queryByText('Payment successful! Thank you for your purchase.')).toBeNull();
  });

  it('asks for a login instead of downloading the PDF when the session has ended meanwhile', async () => {
    const api = serveApi(
      routes({
        [`GET billing/invoice/${paidInvoice.Key}`]: { body: paidInvoice },
        'GET store/catalog': { body: offers },
        'GET auth/session-info': { body: { UserName: null, DisplayName: null, Claims: [] } },
      }),
    );
    logIn();
    renderWithIntl(<InvoiceView id={paidInvoice.Key} />, 'en', { pathname: `/account/billing/invoice/${paidInvoice.Key}` });
    await userEvent.click(await screen.findByRole('link', { name: 'DOWNLOAD PDF' }));
    await waitFor(() => expect(authDialogState.get()).toEqual({ open: 'login', returnTo: `/account/billing/invoice/${paidInvoice.Key}` }));
    expect(api.calls.filter((call) => call.path.startsWith('billing/invoice-pdf'))).toEqual([]);
  });

  it('offers Pay Now only while unpaid, as a checkout of that invoice', async () => {
    openInvoice(unpaidInvoice);
    expect(await status()).toHaveTextContent('Unpaid Pending');
    expect(payNow()).toHaveAttribute('href', `/store/checkout?invoice=${unpaidInvoice.Key}`);
    expect(amountDue()).toHaveTextContent('$1,645.38');
    expect(screen.getByText('No payments yet.')).toBeVisible();
  });

  it('shows VOID instead of the amount due, and no Pay Now, for a void invoice', async () => {
    openInvoice(voidInvoice);
    expect(await status()).toHaveTextContent('Void');
    expect(amountDue()).toHaveTextContent(/^VOID$/);
    expect(payNow()).toBeNull();
  });

  it('says tax exempt instead of a tax amount', async () => {
    openInvoice({ ...paidInvoice, IsTaxExempt: true, TaxTotalAmount: 0, BillingCountryCode: 'DE', BillingCountryName: 'Germany', BillingStateName: null, BillingStateCode: null });
    expect(await screen.findByTestId('tax')).toHaveTextContent('Tax exempt');
    expect(screen.getByTestId('bill-to')).toHaveTextContent(/Plano, 75024.*Germany/);
  });

  it('thanks for the payment and opens each app bought once (?payment_successful=true)', async () => {
    const api = openInvoice({ ...paidInvoice, LineItems: [...paidInvoice.LineItems, { ...paidInvoice.LineItems[0], Key: 'pdf-workshop-pro-yearly' }] }, { search: 'payment_successful=true' });
    expect(await screen.findByText('Payment successful! Thank you for your purchase.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'OPEN PDF WORKSHOP APP' })).toHaveAttribute('href', '/apps/pdf');
    // Consulting was bought too, but it has no app to open.
    expect(screen.getAllByRole('link', { name: /^OPEN .* APP$/ })).toHaveLength(1);
    expect(api.to('store/catalog')).toHaveLength(1);
  });

  it('keeps the thank-you line when the catalog cannot be read, without a snack', async () => {
    openInvoice(paidInvoice, { search: 'payment_successful=true', catalog: false });
    expect(await screen.findByText('Payment successful! Thank you for your purchase.')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^OPEN/ })).toBeNull();
    expect(snackText()).toBeNull();
  });

  it('does not thank for an invoice that is still unpaid', async () => {
    openInvoice(unpaidInvoice, { search: 'payment_successful=true' });
    await status();
    expect(screen.queryByText('Payment successful! Thank you for your purchase.')).toBeNull();
  });

  it('says clearly when the invoice is not there or not yours (404), without an error snack', async () => {
    openInvoice(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice was not found.');
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/account/billing');
    expect(snackText()).toBeNull();
  });

  it('speaks German and Russian, with the service name upper-cased in the button', async () => {
    openInvoice(paidInvoice, { locale: 'de', search: 'payment_successful=true' });
    expect(await status()).toHaveTextContent('Bezahlt');
    expect(screen.getByText('Zahlung erfolgreich! Vielen Dank für Ihren Einkauf.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'PDF WORKSHOP-APP ÖFFNEN' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'PDF HERUNTERLADEN' })).toBeVisible();
    // The company's own address is in the reader's language too.
    expect(screen.getByText(/Vereinigte Staaten/)).toBeVisible();
  });
});

describe('servicesBought', () => {
  it('names each hosted app once, in line order, and skips consulting and keys the catalog does not know', () => {
    const invoice = { LineItems: [{ ...paidInvoice.LineItems[1] }, { ...paidInvoice.LineItems[0] }, { ...paidInvoice.LineItems[0], Key: 'pdf-workshop-pro-yearly' }, { ...paidInvoice.LineItems[0], Key: 'retired-offer' }] };
    expect(servicesBought(invoice, offers)).toEqual([{ name: 'PDF Workshop', appPage: '/apps/pdf' }]);
  });
});
