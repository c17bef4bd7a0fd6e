import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminInvoiceView } from '@/components/admin/AdminInvoiceView';
import { CustomerView } from '@/components/admin/CustomerView';
import type { AdminInvoice } from '@/lib/contract/admin';
import { snackText } from './account-helpers';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { paidCheckout, unpaidInvoice } from './checkout-helpers';
import { signedIn } from './runner/accounts';
import { accepted, network, pageApi } from './runner/network';

beforeEach(resetConsoleState);

const t = adminTexts('en');

/** A customer who bought a monthly PDF plan (paid with the manual provider's success card), then an unpaid one. */
async function customerWithInvoices() {
  const customer = await signedIn();
  const { invoiceKey: paid } = await paidCheckout({ 'pdf-workshop-pro-monthly': 1 });
  const unpaid = (await unpaidInvoice({ 'pdf-workshop-pro-yearly': 1 })).Key;
  resetConsoleState();
  return { customer, paid, unpaid };
}

const adminInvoice = (key: string) => accepted('read the invoice', pageApi<AdminInvoice>('GET', `admin/invoices/${key}`));

describe('console invoice page', () => {
  it('refunds part of a paid invoice: the password is asked once, then the refund is sent again and shown', async () => {
    const user = userEvent.setup();
    const { paid } = await customerWithInvoices();
    const staff = await staffInConsole();
    const before = await adminInvoice(paid);
    expect(before.Refundable).toBeGreaterThan(500);
    renderConsole(<AdminInvoiceView id={paid} />, { pathname: `/admin/invoices/${paid}` });

    expect(await screen.findByRole('heading', { name: `Invoice ${before.Invoice.InvoiceNumber}`, level: 1 })).toBeVisible();
    // Paid: no Void.
    expect(screen.queryByRole('button', { name: t.invoice.void })).toBeNull();
    await user.click(screen.getByRole('button', { name: t.invoice.refund }));

    const dialog = await screen.findByRole('dialog', { name: `Refund invoice ${before.Invoice.InvoiceNumber}` });
    const amount = within(dialog).getByLabelText(t.refund.amount);
    // It starts with everything that can still be refunded, in dollars.
    expect(amount).toHaveValue((before.Refundable / 100).toFixed(2));
    await user.clear(amount);
    await user.type(amount, '99999');
    expect(await within(dialog).findByText(/At most \$[\d,.]+ can be refunded/)).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '5.25');
    await user.type(within(dialog).getByLabelText(t.refund.reason), 'Goodwill for the outage');
    await user.click(within(dialog).getByRole('button', { name: t.refund.submit }));

    // The backend wants the password first (403 confirm-password): asked, then the refund goes again.
    const password = await screen.findByRole('dialog', { name: t.password.title });
    await user.type(within(password).getByLabelText(t.password.label), 'Wrong-password-1');
    await user.click(within(password).getByRole('button', { name: t.password.confirm }));
    expect(await within(password).findByRole('alert')).toHaveTextContent(/\S/);
    const field = within(password).getByLabelText(t.password.label);
    await user.clear(field);
    await user.type(field, staff.password);
    await user.click(within(password).getByRole('button', { name: t.password.confirm }));

    await waitFor(() => expect(snackText()).toBe('$5.25 refunded'));
    const refunds = network.calls(`POST admin/invoices/${paid}/refund`);
    expect(refunds.map((call) => call.body)).toEqual([
      { Amount: 525, Reason: 'Goodwill for the outage' },
      { Amount: 525, Reason: 'Goodwill for the outage' },
    ]);
    expect(network.calls('POST admin/confirm-password')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();

    // The page shows the refund at once.
    expect(await screen.findByTestId('refund')).toHaveTextContent('-$5.25');
    expect(screen.getByTestId('refundable')).toHaveTextContent(`$${((before.Refundable - 525) / 100).toFixed(2)}`);
    expect((await adminInvoice(paid)).Refundable).toBe(before.Refundable - 525);

    // A second refund within five minutes asks no password.
    await user.click(screen.getByRole('button', { name: t.invoice.refund }));
    const again = await screen.findByRole('dialog', { name: `Refund invoice ${before.Invoice.InvoiceNumber}` });
    await user.clear(within(again).getByLabelText(t.refund.amount));
    await user.type(within(again).getByLabelText(t.refund.amount), '1');
    await user.click(within(again).getByRole('button', { name: t.refund.submit }));
    await waitFor(() => expect(snackText()).toBe('$1.00 refunded'));
    expect(network.calls('POST admin/confirm-password')).toHaveLength(2);
  });

  it('voids an unpaid invoice after asking, and the customer page lists it as Void', async () => {
    const user = userEvent.setup();
    const { unpaid } = await customerWithInvoices();
    await staffInConsole();
    const { unmount } = renderConsole(<AdminInvoiceView id={unpaid} />);

    const voidButton = await screen.findByRole('button', { name: t.invoice.void });
    expect(screen.queryByRole('button', { name: t.invoice.refund })).toBeNull();
    await user.click(voidButton);
    const question = await screen.findByRole('dialog', { name: t.invoice.voidTitle });
    // An optional reason, which the customer sees.
    await user.type(within(question).getByLabelText(t.invoice.voidReason), '  Ordered by mistake ');
    await user.click(within(question).getByRole('button', { name: t.invoice.void }));
    await waitFor(() => expect(snackText()).toBe(t.invoice.voided));
    expect(network.calls(`POST admin/invoices/${unpaid}/void`).map((call) => call.body)).toEqual([{ Reason: 'Ordered by mistake' }]);
    // The page shows the void once it has read the invoice again; then the record is read here.
    expect(await screen.findByText(t.invoice.voidMark)).toBeVisible();
    const voided = await adminInvoice(unpaid);
    expect(voided.Invoice.Credits).toMatchObject([{ Kind: 'void', Reason: 'Ordered by mistake' }]);
    expect(screen.queryByRole('button', { name: t.invoice.void })).toBeNull();

    const customerKey = voided.CustomerKey;
    unmount();
    renderConsole(<CustomerView id={customerKey} />);
    const invoices = await screen.findByRole('table', { name: t.customers.invoices });
    const row = within(invoices)
      .getAllByRole('row')
      .find((candidate) => within(candidate).queryByRole('link')?.getAttribute('href') === `/admin/invoices/${unpaid}`)!;
    expect(within(row).getByTestId('invoice-status')).toHaveTextContent('Void');
  });
});
