import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listFiltersOf } from '@/components/admin/list-filters';
import { InvoiceList, PaymentList, SubscriptionList } from '@/components/admin/Lists';
import { OwedList } from '@/components/admin/OwedList';
import { snackText } from './account-helpers';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { checkoutElsewhere, paidCheckout, payElsewhere, testCards, unpaidInvoice } from './checkout-helpers';
import { routerCalls } from './render';
import { signedIn } from './runner/accounts';
import { accepted, network, pageApi, type SentCall } from './runner/network';
import { fillCart } from './store-helpers';

beforeEach(resetConsoleState);

const t = adminTexts('en');

/** A customer with a paid monthly plan and an unpaid yearly one; answers the address and both invoices. */
async function customerWithInvoices() {
  const customer = await signedIn();
  const { invoiceKey: paid } = await paidCheckout({ 'pdf-workshop-pro-monthly': 1 });
  const unpaid = (await unpaidInvoice({ 'pdf-workshop-pro-yearly': 1 })).Key;
  resetConsoleState();
  return { email: customer.email, paid, unpaid };
}

const rowsOf = (testId: string) => screen.findAllByTestId(testId);

describe('console invoice list', () => {
  it('shows loading, then the invoices with links to each customer and invoice; the filters go to the address', async () => {
    const user = userEvent.setup();
    const { email, paid } = await customerWithInvoices();
    await staffInConsole();
    const listCall = (call: SentCall) => call.method === 'GET' && call.path.startsWith('admin/invoices?');
    const held = network.hold(listCall);
    renderConsole(<InvoiceList filters={listFiltersOf({ q: email })} />, { pathname: '/admin/invoices' });
    // Polled (inside act), as the console's gate opens before the list asks.
    await waitFor(() => expect(network.calls(listCall)).toHaveLength(1));
    expect(screen.getByText(t.common.loading)).toBeVisible();
    held.release();
    const rows = await rowsOf('invoice-row');
    expect(rows).toHaveLength(2);
    const paidRow = rows.find((row) => within(row).queryByText(t.lists.invoiceStatus.paid))!;
    expect(within(paidRow).getByRole('link', { name: email })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/admin\/customers\/[\w-]+$/),
    );
    expect(within(paidRow).getByRole('link', { name: /^\d{4}-\d{5}$/ })).toHaveAttribute('href', `/admin/invoices/${paid}`);
    expect(within(paidRow).getByText('PDF Workshop Pro, monthly')).toBeVisible();

    await user.selectOptions(screen.getByLabelText(t.lists.status), 'unpaid');
    await user.type(screen.getByLabelText(t.lists.from), '2020-01-01');
    await user.click(screen.getByRole('button', { name: t.lists.apply }));
    expect(routerCalls.at(-1)).toEqual({
      method: 'push',
      href: `/admin/invoices?q=${encodeURIComponent(email)}&from=2020-01-01&status=unpaid`,
    });
    expect(network.calls((call) => call.method === 'GET' && call.path.startsWith('admin/invoices?')).at(-1)?.path).toBe(
      `admin/invoices?q=${encodeURIComponent(email)}`,
    );
  });

  it('lists what the address filters, says when nothing matches, and links the pages either side', async () => {
    const { email, unpaid } = await customerWithInvoices();
    await staffInConsole();
    const view = renderConsole(<InvoiceList filters={listFiltersOf({ q: email, status: 'unpaid' })} />, { pathname: '/admin/invoices' });
    const [row] = await rowsOf('invoice-row');
    expect(within(row).getByRole('link', { name: /^\d{4}-\d{5}$/ })).toHaveAttribute('href', `/admin/invoices/${unpaid}`);
    expect(screen.getByRole('link', { name: t.lists.clear })).toHaveAttribute('href', '/admin/invoices');
    view.unmount();

    resetConsoleState();
    await staffInConsole();
    const empty = renderConsole(<InvoiceList filters={listFiltersOf({ q: `${email}-nobody` })} />, { pathname: '/admin/invoices' });
    expect(await screen.findByText(t.lists.noMatch)).toBeVisible();
    empty.unmount();

    resetConsoleState();
    await staffInConsole();
    renderConsole(<InvoiceList filters={listFiltersOf({ q: email, page: '2' })} />, { pathname: '/admin/invoices' });
    const pages = await screen.findByRole('navigation', { name: t.lists.pages });
    expect(within(pages).getByRole('link', { name: new RegExp(t.lists.previous) })).toHaveAttribute(
      'href',
      `/admin/invoices?q=${encodeURIComponent(email)}`,
    );
    expect(within(pages).getByText('Page 2')).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('link', { name: new RegExp(t.lists.next) })).toBeNull();
  });

  it('says so when the address holds a filter the server refuses, with a way to clear it', async () => {
    await staffInConsole();
    renderConsole(<InvoiceList filters={listFiltersOf({ from: 'yesterday' })} />, { pathname: '/admin/invoices' });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.lists.badFilters);
    expect(screen.getAllByRole('link', { name: t.lists.clear }).map((link) => link.getAttribute('href'))).toEqual([
      '/admin/invoices',
      '/admin/invoices',
    ]);
  });
});

describe('console payment and subscription lists', () => {
  it('lists payments with their kind, invoice and customer, filtered by kind in German', async () => {
    const user = userEvent.setup();
    const { email, paid } = await customerWithInvoices();
    await staffInConsole();
    renderConsole(<PaymentList filters={listFiltersOf({ q: email }, 'kind')} />, { locale: 'de', pathname: '/admin/payments' });
    const [row] = await rowsOf('payment-row');
    const de = adminTexts('de');
    expect(within(row).getByText(de.lists.paymentKind.payment)).toBeVisible();
    expect(within(row).getByText('Kartenzahlung (Testmodus)')).toBeVisible();
    expect(within(row).getByRole('link', { name: /^\d{4}-\d{5}$/ })).toHaveAttribute('href', `/de/admin/invoices/${paid}`);
    await user.selectOptions(screen.getByLabelText(de.lists.kind), 'refund');
    await user.click(screen.getByRole('button', { name: de.lists.apply }));
    expect(routerCalls.at(-1)?.href).toBe(`/de/admin/payments?q=${encodeURIComponent(email)}&kind=refund`);
  });

  it('lists subscriptions with their status and period', async () => {
    const { email } = await customerWithInvoices();
    await staffInConsole();
    renderConsole(<SubscriptionList filters={listFiltersOf({ q: email, status: 'active' })} />, { pathname: '/admin/subscriptions' });
    const [row] = await rowsOf('subscription-row');
    expect(within(row).getByText('PDF Workshop Pro, monthly')).toBeVisible();
    expect(within(row).getByText(t.lists.subscriptionStatus.active)).toBeVisible();
    expect(within(row).getByRole('link', { name: email })).toBeVisible();
  });
});

describe('money owed', () => {
  it('reminds a customer of a failed renewal once per few minutes and retries the charge after the password', async () => {
    const user = userEvent.setup();
    const customer = await signedIn();
    await fillCart({ 'pdf-workshop-pro-monthly': 1 });
    await payElsewhere(await checkoutElsewhere(), testCards.renewalFails);
    await accepted('renew now', pageApi('POST', 'test/renewal-run'));
    resetConsoleState();
    const staff = await staffInConsole();
    renderConsole(<OwedList page={1} />, { pathname: '/admin/collections' });

    const rows = await rowsOf('owed-row');
    const row = rows.find((candidate) => within(candidate).queryByRole('link', { name: customer.email }))!;
    expect(within(row).getByText(t.owed.failedRenewal)).toBeVisible();
    expect(within(row).getByText(t.owed.notReminded)).toBeVisible();

    await user.click(within(row).getByRole('button', { name: t.owed.remind }));
    await waitFor(() => expect(snackText()).toBe(t.owed.reminderSent));
    await waitFor(() => expect(within(row).getByText(/^1 reminder, the last on/)).toBeVisible());
    await user.click(within(row).getByRole('button', { name: t.owed.remind }));
    await waitFor(() => expect(snackText()).toBe('A reminder was sent less than 10 minutes ago. Please wait before sending another.'));

    await user.click(within(row).getByRole('button', { name: t.owed.retry }));
    const question = await screen.findByRole('dialog', { name: t.owed.retryTitle });
    expect(question).toHaveTextContent(customer.email);
    await user.click(within(question).getByRole('button', { name: t.owed.retry }));
    const password = await screen.findByRole('dialog', { name: t.password.title });
    await user.type(within(password).getByLabelText(t.password.label), staff.password);
    await user.click(within(password).getByRole('button', { name: t.password.confirm }));
    // The renewal-fails card is still the card on file: declined again, and said so.
    await waitFor(() => expect(snackText()).toBe(t.owed.declined));
    expect(network.calls((call) => call.method === 'POST' && /^admin\/collections\/invoice\/[\w-]+\/retry$/.test(call.path))).toHaveLength(
      2,
    );
  });
});
