import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { BillingOverview } from '@/components/billing/BillingOverview';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { appState } from '@/lib/state/app-state';
import { authDialogState } from '@/lib/state/auth-dialogs';
import { logIn, resetAccountState, serveApi, snackText } from './account-helpers';
import { activeSubscription, invoiceKey, paidInvoice, routes, sessionGone, subscriptionKey, unpaidInvoice, voidInvoice } from './billing-fixtures';
import { renderWithIntl, routerCalls, type TestLocale } from './render';

beforeEach(resetAccountState);

function renderOverview({ search = '', locale = 'en' as TestLocale } = {}) {
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
const rowOf = (tableName: string, header: string) => within(table(tableName)).getByRole('row', { name: new RegExp(header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

const renewedPeriod = { ...activeSubscription, Key: 'a1', IsActive: false, HasExpired: true, IsRenewed: true, NextRenewalDate: null };
const renewalPeriod = { ...activeSubscription, Key: 'a2', EffectiveDate: '2025-12-01T01:31:00.000Z', ExpirationDate: '2026-01-01T01:31:00.000Z', NextRenewalDate: '2026-01-01T01:31:00.000Z', InvoiceKey: 'renewal-invoice' };
const renewalInvoice = { ...paidInvoice, Key: 'renewal-invoice', InvoiceNumber: '2025-00077', InvoiceVersion: 1, CreatedDate: '2025-12-01T01:31:00.000Z', TotalAmount: 540 };

describe('billing page (screen 17)', () => {
  it('shows a loading state, then both tables with the spec texts', async () => {
    const cancelled = { ...activeSubscription, Key: 'c1', Description: 'Personal Health Plus, monthly', IsCancelled: true, NextRenewalDate: null };
    const failed = { ...activeSubscription, Key: 'f1', Description: 'PDF Workshop Pro, yearly', RenewalFailed: true };
    const api = serveApi(
      routes({
        'GET license/subscriptions': { body: [activeSubscription, cancelled, failed] },
        'GET billing/invoices': { body: [paidInvoice, unpaidInvoice, voidInvoice] },
      }),
    );
    logIn();
    renderOverview();
    expect(screen.getByText('Loading…')).toHaveAttribute('role', 'status');

    const active = await screen.findByRole('row', { name: /PDF Workshop Pro, monthly/ });
    expect(within(active).getByRole('link', { name: 'PDF Workshop Pro, monthly' })).toHaveAttribute('href', `/account/billing/subscription/${subscriptionKey}`);
    expect(within(active).getByText('Active')).toBeVisible();
    // Dates are MM/dd/yyyy in UTC: 01:31 UTC on Nov 1 is Oct 31 in the US.
    expect(within(active).getAllByText('11/01/2025')).toHaveLength(1);
    expect(within(active).getAllByText('12/01/2025')).toHaveLength(2);
    expect(within(rowOf('Your subscriptions, newest first', 'Personal Health Plus')).getByText('Cancelled')).toBeVisible();
    expect(within(rowOf('Your subscriptions, newest first', 'yearly')).getByText('Renewal Failed!')).toBeVisible();

    const invoices = table('Your invoices, newest first');
    expect(within(invoices).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Number', 'Date', 'Total', 'Status']);
    const paid = rowOf('Your invoices, newest first', '2025-00042');
    expect(within(paid).getByRole('link', { name: '2025-00042' })).toHaveAttribute('href', `/account/billing/invoice/${invoiceKey}`);
    expect(within(paid).getByText('$1,645.38')).toBeVisible();
    expect(within(paid).getByText('Paid')).toBeVisible();
    expect(within(rowOf('Your invoices, newest first', '2025-00043')).getByText('Unpaid Pending')).toBeVisible();
    expect(within(rowOf('Your invoices, newest first', '2025-00044')).getByText('Void')).toBeVisible();
    expect(api.to('license/subscriptions')).toHaveLength(1);
  });

  it('shows a renewal: the old period Renewed, the new one Active, and its new invoice', async () => {
    serveApi(routes({ 'GET license/subscriptions': { body: [renewalPeriod, renewedPeriod] }, 'GET billing/invoices': { body: [renewalInvoice, paidInvoice] } }));
    logIn();
    renderOverview();
    const rows = await screen.findAllByTestId('subscription-row');
    expect(rows.map((row) => within(row).getByTestId('subscription-state').textContent)).toEqual(['Active', 'Renewed']);
    const nextRenewal = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)?.textContent;
    expect(rows.map(nextRenewal)).toEqual(['01/01/2026', '—No renewal']);
    expect(screen.getAllByTestId('invoice-row').map((row) => within(row).getByRole('link').textContent)).toEqual(['2025-00077', '2025-00042']);
    expect(within(screen.getAllByTestId('invoice-row')[0]).getByText('$5.40')).toBeVisible();
  });

  it('says so when there is nothing yet (the pricing link is hidden in production)', async () => {
    serveApi(routes({ 'GET license/subscriptions': { body: [] }, 'GET billing/invoices': { body: [] } }));
    logIn();
    renderOverview();
    expect(await screen.findByText('No subscriptions yet')).toBeVisible();
    expect(screen.getByText('No invoices yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    // Jest runs with the production flag on (its default), where pricing is hidden (spec §2).
    expect(screen.queryByRole('link', { name: 'See pricing' })).toBeNull();
  });

  it.each([
    ['invoice_id', `/account/billing/invoice/${invoiceKey}`],
    ['subscription_id', `/account/billing/subscription/${subscriptionKey}`],
  ])('?%s=<key> goes to that page without loading the tables', async (param, target) => {
    const api = serveApi();
    logIn();
    renderOverview({ search: `${param}=${param === 'invoice_id' ? invoiceKey : subscriptionKey}` });
    await act(async () => {});
    expect(routerCalls).toEqual([{ method: 'replace', href: target }]);
    expect(api.calls).toEqual([]);
  });

  it('asks for a login that returns here when there is no session', async () => {
    const api = serveApi();
    renderOverview();
    act(() => appState.set({ sessionChecked: true }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(authDialogState.get().returnTo).toBe('/account/billing');
    expect(screen.getByText('Please log in to see your invoices and subscriptions.')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('asks for a login again when the session is gone (401)', async () => {
    serveApi(routes({ 'GET license/subscriptions': sessionGone, 'GET billing/invoices': sessionGone }));
    logIn();
    renderOverview();
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(appState.get().sessionInfo).toBeNull();
    expect(authDialogState.get().returnTo).toBe('/account/billing');
    expect(snackText()).toBeNull();
  });

  it('shows a failure once and loads again on TRY AGAIN', async () => {
    const broken = { status: 500, body: { ErrorMessages: [{ Message: 'Internal server error (request id 7)' }] } };
    serveApi(
      routes({
        'GET license/subscriptions': [broken, { body: [activeSubscription] }],
        'GET billing/invoices': [broken, { body: [paidInvoice] }],
      }),
    );
    logIn();
    renderOverview();
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded right now.');
    expect(snackText()).toBe('Internal server error (request id 7)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('link', { name: '2025-00042' })).toBeVisible();
  });

  it('speaks German and Russian', async () => {
    serveApi(routes({ 'GET license/subscriptions': { body: [activeSubscription] }, 'GET billing/invoices': { body: [unpaidInvoice] } }));
    logIn();
    const { unmount } = renderOverview({ locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Abonnements' })).toBeVisible();
    expect(screen.getByText('Aktiv')).toBeVisible();
    expect(screen.getByText('Unbezahlt, ausstehend')).toBeVisible();
    unmount();
    renderOverview({ locale: 'ru' });
    expect(await screen.findByRole('heading', { name: 'Счета' })).toBeVisible();
    expect(screen.getByText('Активна')).toBeVisible();
  });
});
