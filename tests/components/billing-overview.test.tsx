import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { BillingOverview } from '@/components/billing/BillingOverview';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { appActions, appState } from '@/lib/state/app-state';
import { logInThroughDialog, resetAccountState, snackText } from './account-helpers';
import {
  customerWithBillingHistory,
  customerWithCredits,
  endSessionElsewhere,
  invoicePage,
  shareCustomerState,
  subscriptionPage,
  utcDay,
} from './billing-fixtures';
import { renderWithIntl, routerCalls, type TestLocale } from './render';
import { signedIn } from './runner/accounts';
import { network } from './runner/network';

// Each setup signs an account up and buys through the real backend.

beforeEach(resetAccountState);

function renderOverview({ search = '', locale = 'en' as TestLocale } = {}) {
  // The shell sends the page's language with every call, so the backend words its texts in it.
  appActions.setDisplayLanguage(locale);
  return renderWithIntl(
    <>
      <BillingOverview />
      <AuthDialogs />
      <SnackbarHost />
    </>,
    locale,
    { pathname: '/account/billing', search },
  );
}

const table = (name: string) => screen.getByRole('table', { name });

/** The row of a table (by its rows' test id) whose link passes the test. */
function rowWithLink(rowTestId: string, test: (link: HTMLElement) => boolean) {
  const row = screen.getAllByTestId(rowTestId).find((candidate) => test(within(candidate).getAllByRole('link')[0]));
  if (!row) throw new Error(`no ${rowTestId} with that link`);
  return row;
}
const subscriptionRow = (key: string) =>
  rowWithLink('subscription-row', (link) => Boolean(link.getAttribute('href')?.endsWith(subscriptionPage(key))));
const invoiceRow = (number: string) => rowWithLink('invoice-row', (link) => link.textContent === number);

describe('billing page (screen 17)', () => {
  describe('for a customer with subscriptions in every reachable state', () => {
    let history!: Awaited<ReturnType<typeof customerWithBillingHistory>>;
    shareCustomerState(customerWithBillingHistory, (built) => (history = built));

    it('shows a loading state, then both tables with their documented texts', async () => {
      renderOverview();
      expect(screen.getByText('Loading…')).toHaveAttribute('role', 'status');

      await screen.findAllByTestId('subscription-row');
      const { active, cancelled, renewalFailed, paidInvoice, unpaidInvoice } = history;
      const activeRow = subscriptionRow(active.Key);
      expect(within(activeRow).getByRole('link', { name: 'Personal Health Plus, monthly' })).toHaveAttribute(
        'href',
        subscriptionPage(active.Key),
      );
      expect(within(activeRow).getByText('Active')).toBeVisible();
      // Dates are MM/dd/yyyy of the UTC day; the expiration is also the next renewal.
      expect(within(activeRow).getAllByText(utcDay(active.EffectiveDate))).toHaveLength(1);
      expect(within(activeRow).getAllByText(utcDay(active.ExpirationDate))).toHaveLength(2);
      expect(active.NextRenewalDate).toBe(active.ExpirationDate);
      expect(within(subscriptionRow(cancelled.Key)).getByText('Cancelled')).toBeVisible();
      expect(within(subscriptionRow(renewalFailed.Key)).getByText('Renewal Failed!')).toBeVisible();

      const invoices = table('Your invoices, newest first');
      expect(
        within(invoices)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Number', 'Date', 'Total', 'Status']);
      const paid = invoiceRow(paidInvoice.InvoiceNumber);
      expect(within(paid).getByRole('link', { name: paidInvoice.InvoiceNumber })).toHaveAttribute('href', invoicePage(paidInvoice.Key));
      // PDF Workshop Pro yearly, $99.00 plus 8.25 % Texas sales tax.
      expect(within(paid).getByText('$107.17')).toBeVisible();
      // The date column, and the line under the number that phones show instead.
      expect(within(paid).getAllByText(utcDay(paidInvoice.CreatedDate))).toHaveLength(2);
      expect(within(paid).getByText('Paid')).toBeVisible();
      const unpaid = invoiceRow(unpaidInvoice.InvoiceNumber);
      expect(within(unpaid).getByText('Unpaid Pending')).toBeVisible();
      // Unpaid Pending has a Pay Now link, a checkout of that invoice (docs/product/billing.md#invoice-status).
      expect(within(unpaid).getByRole('link', { name: `Pay Now ${unpaidInvoice.InvoiceNumber}` })).toHaveAttribute(
        'href',
        `/store/checkout?invoice=${unpaidInvoice.Key}`,
      );
      expect(within(paid).queryByRole('link', { name: /Pay Now/ })).toBeNull();
      expect(network.calls('GET license/subscriptions')).toHaveLength(1);
    });

    it('shows a renewal: the old period Renewed, the new one Active, and its new invoice', async () => {
      renderOverview();
      const rows = await screen.findAllByTestId('subscription-row');
      // Newest first, in the backend's order.
      expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(
        history.subscriptions.map((subscription) => subscriptionPage(subscription.Key)),
      );
      const [renewedTo, renewed] = [subscriptionRow(history.active.Key), subscriptionRow(history.renewed.Key)];
      expect([renewedTo, renewed].map((row) => within(row).getByTestId('subscription-state').textContent)).toEqual(['Active', 'Renewed']);
      const nextRenewal = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)?.textContent;
      expect([renewedTo, renewed].map(nextRenewal)).toEqual([utcDay(history.active.NextRenewalDate), '—No renewal']);
      expect(screen.getAllByTestId('invoice-row').map((row) => within(row).getAllByRole('link')[0].textContent)).toEqual(
        history.invoices.map((invoice) => invoice.InvoiceNumber),
      );
      // Personal Health Plus, $4.99 plus Texas tax, charged again.
      const renewalRow = invoiceRow(history.renewalInvoice.InvoiceNumber);
      expect(within(renewalRow).getByText('$5.40')).toBeVisible();
      expect(within(renewalRow).getByText('Paid')).toBeVisible();
    });

    it.each([
      ['invoice_id', () => history.paidInvoice.Key, invoicePage],
      ['subscription_id', () => history.active.Key, subscriptionPage],
    ])('?%s=<key> goes to that page without loading the tables', async (param, key, page) => {
      renderOverview({ search: `${param}=${key()}` });
      await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: page(key()) }]));
      expect(network.calls()).toEqual([]);
    });

    it('shows a failure once (a gateway answering 502) and loads again on TRY AGAIN', async () => {
      network.gatewayError('GET license/subscriptions');
      network.gatewayError('GET billing/invoices');
      renderOverview();
      expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded right now.');
      expect(snackText()).toBe('The server answered with an error (502). Please try again.');
      await userEvent.setup().click(screen.getByRole('button', { name: 'TRY AGAIN' }));
      expect(await screen.findByRole('link', { name: history.paidInvoice.InvoiceNumber })).toBeVisible();
    });

    it('speaks German and Russian', async () => {
      const { unmount } = renderOverview({ locale: 'de' });
      expect(await screen.findByRole('heading', { name: 'Abonnements' })).toBeVisible();
      expect(within(subscriptionRow(history.active.Key)).getByText('Aktiv')).toBeVisible();
      // The backend words the plans in the page's language too.
      expect(within(subscriptionRow(history.active.Key)).getByRole('link', { name: 'Personal Health Plus, monatlich' })).toBeVisible();
      expect(within(invoiceRow(history.unpaidInvoice.InvoiceNumber)).getByText('Unbezahlt, ausstehend')).toBeVisible();
      unmount();
      renderOverview({ locale: 'ru' });
      expect(await screen.findByRole('heading', { name: 'Счета' })).toBeVisible();
      expect(within(subscriptionRow(history.active.Key)).getByText('Активна')).toBeVisible();
    });
  });

  describe('for a customer with refunds and a void', () => {
    let credited!: Awaited<ReturnType<typeof customerWithCredits>>;
    shareCustomerState(customerWithCredits, (built) => (credited = built));

    it.each<[TestLocale, [string, string, string]]>([
      ['en', ['Partially refunded', 'Refunded', 'Void']],
      ['ru', ['Частичный возврат', 'Средства возвращены', 'Аннулирован']],
    ])('says which invoices were refunded, in part or in full, and which voided (%s)', async (locale, [partly, fully, voided]) => {
      renderOverview({ locale });
      await screen.findAllByTestId('invoice-row');
      const statusOf = (invoice: { InvoiceNumber: string }) => within(invoiceRow(invoice.InvoiceNumber)).getByTestId('invoice-status');
      expect(statusOf(credited.partlyRefunded)).toHaveTextContent(new RegExp(`^${partly}$`));
      expect(statusOf(credited.refunded)).toHaveTextContent(new RegExp(`^${fully}$`));
      expect(statusOf(credited.voided)).toHaveTextContent(new RegExp(`^${voided}$`));
      // Nothing is owed on any of them.
      expect(screen.queryByRole('link', { name: 'Pay Now' })).toBeNull();
    });
  });

  it('says so when there is nothing yet (the pricing link is hidden in production)', async () => {
    await signedIn();
    renderOverview();
    expect(await screen.findByText('No subscriptions yet')).toBeVisible();
    expect(screen.getByText('No invoices yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    // Jest runs with the production flag on (its default), where pricing is hidden (docs/product/pages.md#the-production-flag).
    expect(screen.queryByRole('link', { name: 'See pricing' })).toBeNull();
  });

  it('asks for a login that returns here when there is no session', async () => {
    renderOverview();
    act(() => appState.set({ sessionChecked: true }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(screen.getByText('Please log in to see your invoices and subscriptions.')).toBeVisible();
    expect(network.calls()).toEqual([]);
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]);
  });

  it('asks for a login again when the session is gone (401: logged out in another tab)', async () => {
    await signedIn();
    await endSessionElsewhere();
    renderOverview();
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(appState.get().sessionInfo).toBeNull();
    expect(snackText()).toBeNull();
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]);
  });
});
