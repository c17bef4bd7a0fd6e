import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SupportInbox } from '@/components/admin/SupportInbox';
import { SupportThread } from '@/components/admin/SupportThread';
import type { SupportMessageRow } from '@/lib/contract/admin';
import { snackText } from './account-helpers';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { uniqueEmail } from './runner/accounts';
import { accepted, anotherBrowser, network, pageApi } from './runner/network';

beforeEach(resetConsoleState);

const t = adminTexts('en');

/** A visitor's message through the site's contact form (another browser, no account). */
async function visitorWrites(message: string) {
  const visitor = anotherBrowser();
  await visitor('GET', 'auth/session-info'); // the XSRF cookie
  const email = uniqueEmail('visitor');
  await accepted(
    'send the message',
    visitor('POST', 'support/message', { FullName: 'Vera Visitor', EmailAddress: email, Phone: null, Message: message }),
  );
  return email;
}

/** The message as the inbox lists it (asked with the staff member's session). */
async function inboxRow(email: string): Promise<SupportMessageRow> {
  const rows = await accepted('read the inbox', pageApi<SupportMessageRow[]>('GET', 'admin/support?status=all'));
  const row = rows.find((candidate) => candidate.EmailAddress === email);
  if (!row) throw new Error(`no message from ${email}`);
  return row;
}

describe('support inbox', () => {
  it('lists new messages newest first, filtered by status', async () => {
    const user = userEvent.setup();
    await staffInConsole();
    const older = await visitorWrites('First question about the PDF tool.');
    const newer = await visitorWrites('Second question, about invoices.');
    renderConsole(<SupportInbox initialFilter="new" />, { pathname: '/admin/support' });

    const table = await screen.findByRole('table', { name: t.support.title });
    const rows = within(table).getAllByRole('row').slice(1);
    const emails = rows.map((row) => row.textContent ?? '');
    const newerAt = emails.findIndex((text) => text.includes(newer));
    const olderAt = emails.findIndex((text) => text.includes(older));
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(newerAt).toBeLessThan(olderAt);
    expect(screen.getByRole('button', { name: t.support.filter.new })).toHaveAttribute('aria-pressed', 'true');
    // Visitors typed their address without an account to prove it.
    expect(within(rows[newerAt]).getByTestId('sender-unverified')).toHaveTextContent(t.support.unverified);

    await user.click(screen.getByRole('button', { name: t.support.filter.closed }));
    await waitFor(() => expect(network.calls('GET admin/support').at(-1)?.path).toBe('admin/support?status=closed'));
    // Closed ones may exist from other tests; these two are new.
    await waitFor(() => expect(screen.queryByText(newer)).toBeNull());
  });
});

describe('support thread', () => {
  it('shows the message, sends a reply (react-hook-form + the contract’s rules), then lists it and counts it answered', async () => {
    const user = userEvent.setup();
    const { email: staffEmail } = await staffInConsole();
    const email = await visitorWrites('My invoice shows the wrong address.\nCan you fix it?');
    const row = await inboxRow(email);
    renderConsole(<SupportThread id={row.Key} />, { pathname: `/admin/support/${row.Key}` });

    expect(await screen.findByRole('heading', { name: 'Message from Vera Visitor', level: 1 })).toBeVisible();
    expect(screen.getByTestId('support-message')).toHaveTextContent('My invoice shows the wrong address. Can you fix it?');
    expect(screen.getByTestId('sender-unverified')).toHaveTextContent(t.support.unverified);
    expect(screen.getByText(t.support.unverifiedHint)).toBeVisible();
    expect(screen.getByText(t.support.noReplies)).toBeVisible();
    expect(screen.getAllByTestId('support-status')[0]).toHaveTextContent(t.support.status.new);

    // An empty reply is refused before anything is sent.
    const send = screen.getByRole('button', { name: t.support.send });
    await user.click(send);
    const field = screen.getByLabelText(t.support.replyLabel);
    expect(await screen.findByText('Required')).toBeVisible();
    expect(field).toHaveFocus();
    expect(network.calls(`POST admin/support/${row.Key}/reply`)).toEqual([]);

    await user.type(field, 'Thanks for writing.{Enter}The address is fixed on the invoice now.');
    await user.click(send);
    await waitFor(() => expect(snackText()).toBe(t.support.replySent));
    expect(network.calls(`POST admin/support/${row.Key}/reply`).map((call) => call.body)).toEqual([
      { Body: 'Thanks for writing.\nThe address is fixed on the invoice now.' },
    ]);

    const replies = await screen.findByRole('list', { name: t.support.repliesTitle });
    expect(within(replies).getByText(/The address is fixed on the invoice now\./)).toBeVisible();
    expect(within(replies).getByText(new RegExp(staffEmail.replace(/[.+]/g, '\\$&')))).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('support-status')[0]).toHaveTextContent(t.support.status.answered));
    expect(field).toHaveValue('');
    expect((await inboxRow(email)).Status).toBe('answered');
  });

  it('marks no address that the sender proved by writing signed in to its account', async () => {
    const { email } = await staffInConsole();
    await accepted(
      'send the message signed in',
      pageApi('POST', 'support/message', { FullName: 'Sam Staff', EmailAddress: email, Phone: null, Message: 'From my own account.' }),
    );
    const row = await inboxRow(email);
    expect(row.SenderVerified).toBe(true);
    renderConsole(<SupportThread id={row.Key} />);
    expect(await screen.findByTestId('support-message')).toHaveTextContent('From my own account.');
    expect(screen.queryByTestId('sender-unverified')).toBeNull();
    expect(screen.queryByText(t.support.unverifiedHint)).toBeNull();
  });

  it('changes the status, and says when a message does not exist', async () => {
    const user = userEvent.setup();
    await staffInConsole();
    const email = await visitorWrites('Please close my request.');
    const row = await inboxRow(email);
    const { unmount } = renderConsole(<SupportThread id={row.Key} />);

    await user.selectOptions(await screen.findByRole('combobox', { name: t.support.statusLabel }), 'closed');
    await user.click(screen.getByRole('button', { name: t.support.changeStatus }));
    await waitFor(() => expect(snackText()).toBe(t.support.statusChanged));
    await waitFor(() => expect(screen.getAllByTestId('support-status')[0]).toHaveTextContent(t.support.status.closed));
    expect((await inboxRow(email)).Status).toBe('closed');
    unmount();

    renderConsole(<SupportThread id={crypto.randomUUID()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.support.notFound);
  });
});
