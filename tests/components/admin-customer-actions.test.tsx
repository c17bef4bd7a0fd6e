import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { CustomerView } from '@/components/admin/CustomerView';
import { NotificationSettings } from '@/components/admin/NotificationSettings';
import type { CustomerRow } from '@/lib/contract/admin';
import type { Enrolment } from '@/lib/contract/second-factor';
import { snackText } from './account-helpers';
import { adminTexts, authenticatorCode, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { paidCheckout } from './checkout-helpers';
import { signedIn } from './runner/accounts';
import { accepted, network, pageApi } from './runner/network';

beforeEach(resetConsoleState);

const t = adminTexts('en');
const actions = t.customerActions;

/** A customer who bought a monthly plan (their cart keeps its Texas billing contact), then a staff member in the console. */
async function customerAndStaff({ twoStep = false } = {}) {
  const customer = await signedIn();
  const { invoiceKey } = await paidCheckout({ 'pdf-workshop-pro-monthly': 1 });
  if (twoStep) {
    const enrolment = await accepted('start two-step sign-in', pageApi<Enrolment>('POST', 'user/second-factor/start'));
    await accepted('confirm it', pageApi('POST', 'user/second-factor/confirm', { Code: await authenticatorCode(enrolment.Secret) }));
  }
  resetConsoleState();
  const staff = await staffInConsole();
  const [row] = await accepted(
    'find the customer',
    pageApi<CustomerRow[]>('GET', `admin/customers?q=${encodeURIComponent(customer.email)}`),
  );
  return { customer, staff, customerKey: row.Key, invoiceKey };
}

/** Answers the console's password question with the staff member's password. */
async function confirmPassword(user: UserEvent, password: string) {
  const dialog = await screen.findByRole('dialog', { name: t.password.title });
  await user.type(within(dialog).getByLabelText(t.password.label), password);
  await user.click(within(dialog).getByRole('button', { name: t.password.confirm }));
}

describe('console customer page: acting for the customer', () => {
  it('adds internal notes, writes to the customer and resends a receipt', async () => {
    const user = userEvent.setup();
    const { customerKey, invoiceKey, staff } = await customerAndStaff();
    renderConsole(<CustomerView id={customerKey} />, { pathname: `/admin/customers/${customerKey}` });

    // Notes: none yet, then the one added, with who wrote it.
    const notes = await screen.findByRole('region', { name: actions.notesTitle });
    expect(await within(notes).findByText(actions.noNotes)).toBeVisible();
    await user.click(within(notes).getByRole('button', { name: actions.addNote }));
    expect(within(notes).getByLabelText(actions.noteLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls(`POST admin/customers/${customerKey}/notes`)).toEqual([]);
    await user.type(within(notes).getByLabelText(actions.noteLabel), 'Called about the invoice.');
    await user.click(within(notes).getByRole('button', { name: actions.addNote }));
    await waitFor(() => expect(snackText()).toBe(actions.noteAdded));
    const list = await within(notes).findByRole('list', { name: actions.notesTitle });
    expect(within(list).getByText('Called about the invoice.')).toBeVisible();
    expect(within(list).getByText(new RegExp(staff.email))).toBeVisible();
    expect(within(notes).getByLabelText(actions.noteLabel)).toHaveValue('');

    // A message: refused empty, then sent and listed.
    const messages = screen.getByRole('region', { name: actions.messagesTitle });
    expect(await within(messages).findByText(actions.noMessages)).toBeVisible();
    await user.click(within(messages).getByRole('button', { name: actions.write }));
    const dialog = await screen.findByRole('dialog', { name: /^Write to / });
    await user.click(within(dialog).getByRole('button', { name: actions.send }));
    expect(within(dialog).getByLabelText(actions.subject)).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls(`POST admin/customers/${customerKey}/messages`)).toEqual([]);
    await user.type(within(dialog).getByLabelText(actions.subject), 'Your licence keys');
    await user.type(within(dialog).getByLabelText(actions.body), 'They are on the invoice page now.');
    await user.click(within(dialog).getByRole('button', { name: actions.send }));
    await waitFor(() => expect(snackText()).toBe(actions.messageSent));
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = await within(messages).findByRole('list', { name: actions.messagesTitle });
    expect(within(sent).getByText('Your licence keys')).toBeVisible();
    expect(within(sent).getByTestId('delivery')).toHaveTextContent(new RegExp(`${actions.delivery.queued}|${actions.delivery.sent}`));

    // The receipt of the paid invoice, again.
    const invoices = screen.getByRole('table', { name: t.customers.invoices });
    const invoiceNumber = within(invoices).getAllByRole('link')[0].textContent ?? '';
    await user.click(within(invoices).getByRole('button', { name: `Resend the receipt of invoice ${invoiceNumber}` }));
    await waitFor(() => expect(snackText()).toBe(`Receipt of invoice ${invoiceNumber} queued for sending`));
    expect(network.calls(`POST admin/invoices/${invoiceKey}/resend-receipt`)).toHaveLength(1);
  });

  it('edits the billing details for the next invoices after the password is confirmed', async () => {
    const user = userEvent.setup();
    const { customerKey, staff } = await customerAndStaff();
    renderConsole(<CustomerView id={customerKey} />, { pathname: `/admin/customers/${customerKey}` });

    const billing = await screen.findByRole('region', { name: actions.billingTitle });
    expect(await within(billing).findByText('Ann Smith')).toBeVisible();
    await user.click(within(billing).getByRole('button', { name: actions.editBilling }));
    const dialog = await screen.findByRole('dialog', { name: actions.billingTitle });
    const name = await within(dialog).findByLabelText('Name');
    expect(name).toHaveValue('Ann Smith');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: actions.saveBilling }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'Ann Smith-Jones');
    await user.click(within(dialog).getByRole('button', { name: actions.saveBilling }));

    await confirmPassword(user, staff.password);
    await waitFor(() => expect(snackText()).toBe(actions.billingSaved));
    expect(await within(billing).findByText('Ann Smith-Jones')).toBeVisible();
    expect(network.calls(`PUT admin/customers/${customerKey}/billing`).at(-1)?.body).toMatchObject({
      BillingInfo: { Name: 'Ann Smith-Jones', StateCode: 'TX', CountryCode: 'US' },
    });
  });

  it('turns off a lost two-step sign-in after a question and the password', async () => {
    const user = userEvent.setup();
    const { customerKey, customer, staff } = await customerAndStaff({ twoStep: true });
    renderConsole(<CustomerView id={customerKey} />, { pathname: `/admin/customers/${customerKey}` });

    const twoStep = await screen.findByRole('region', { name: actions.twoStepTitle });
    expect(within(twoStep).getByTestId('two-step-state')).toHaveTextContent(actions.twoStepOn);
    await user.click(within(twoStep).getByRole('button', { name: actions.reset }));
    const question = await screen.findByRole('dialog', { name: actions.resetTitle });
    expect(question).toHaveTextContent(customer.email);
    await user.click(within(question).getByRole('button', { name: actions.reset }));
    await confirmPassword(user, staff.password);
    await waitFor(() => expect(snackText()).toBe(actions.resetDone));
    await waitFor(() => expect(within(twoStep).getByTestId('two-step-state')).toHaveTextContent(actions.twoStepOff));
    expect(within(twoStep).queryByRole('button', { name: actions.reset })).toBeNull();
  });
});

describe('console: my notifications', () => {
  it('saves the staff member’s own choice of mail and shows it when opened again', async () => {
    const user = userEvent.setup();
    await staffInConsole();
    const { unmount } = renderConsole(<NotificationSettings />, { pathname: '/admin/notifications' });
    const notifications = t.notifications;
    expect(await screen.findByRole('heading', { name: notifications.title, level: 1 })).toBeVisible();
    // The choices load after the heading.
    const group = await screen.findByRole('group', { name: notifications.legend });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    for (const box of boxes) expect(box).not.toBeChecked();

    await user.click(within(group).getByRole('checkbox', { name: new RegExp(notifications.event['support-message'].label) }));
    await user.click(within(group).getByRole('checkbox', { name: new RegExp(notifications.event.sale.label) }));
    await user.click(screen.getByRole('button', { name: notifications.save }));
    await waitFor(() => expect(snackText()).toBe(notifications.saved));
    expect(network.calls('PUT admin/me/notifications').map((call) => call.body)).toEqual([{ Events: ['sale', 'support-message'] }]);

    unmount();
    renderConsole(<NotificationSettings />, { locale: 'de', pathname: '/admin/notifications' });
    const german = adminTexts('de').notifications;
    const saved = await screen.findByRole('group', { name: german.legend });
    expect(within(saved).getByRole('checkbox', { name: new RegExp(german.event.sale.label) })).toBeChecked();
    expect(within(saved).getByRole('checkbox', { name: new RegExp(german.event.refund.label) })).not.toBeChecked();
    expect(within(saved).getByRole('checkbox', { name: new RegExp(german.event['support-message'].label) })).toBeChecked();
  });
});
