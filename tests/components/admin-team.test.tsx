import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StaffInviteAcceptance } from '@/components/account/StaffInviteAcceptance';
import { CustomerView } from '@/components/admin/CustomerView';
import { StaffList } from '@/components/admin/StaffList';
import { StaffSessions } from '@/components/admin/StaffSessions';
import { appActions } from '@/lib/state/app-state';
import accountEn from '@/messages/account/en.json';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { renderWithIntl, routerCalls } from './render';
import { mailsTo, signedIn, strongPassword, uniqueEmail } from './runner/accounts';
import { accepted, anotherBrowser, network, pageApi } from './runner/network';
import type { LoginResponse } from '@/lib/contract/auth';

// Invitations, their link's page and the device lists, against the real backend.

beforeEach(resetConsoleState);

const t = adminTexts('en');
const invitePage = accountEn.account.staffInvite;
const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** The latest invitation mailed to the address, once the backend's mail job has sent it. */
async function mailedInvite(email: string): Promise<{ subject: string; token: string }> {
  let found: { subject: string; token: string } | undefined;
  await waitFor(
    async () => {
      const mail = (await mailsTo(email)).at(-1);
      const token = /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      if (!mail || !token) throw new Error(`no invitation mailed to ${email}`);
      found = { subject: mail.subject, token };
    },
    { timeout: 5000 },
  );
  return found!;
}

describe('the staff page', () => {
  it('invites by mail after the password is confirmed, lists the open invitation and revokes it', async () => {
    const user = userEvent.setup();
    const owner = await staffInConsole('owner');
    renderConsole(<StaffList />, { pathname: '/admin/staff' });
    const invitee = uniqueEmail('invitee');

    await user.type(await screen.findByLabelText(t.invites.email), invitee);
    await user.selectOptions(screen.getByLabelText(t.invites.role), 'owner');
    await user.selectOptions(screen.getByLabelText(t.invites.language), 'de');
    await user.click(screen.getByRole('button', { name: t.invites.send }));
    const password = await screen.findByRole('dialog', { name: t.password.title });
    await user.type(within(password).getByLabelText(t.password.label), owner.password);
    await user.click(within(password).getByRole('button', { name: t.password.confirm }));

    expect(await screen.findByText(t.invites.sent.replace('{email}', invitee))).toBeVisible();
    const open = await screen.findByRole('table', { name: t.invites.openTitle });
    const row = (await within(open).findByText(invitee)).closest('tr')!;
    expect(within(row).getByText(t.staff.roles.owner)).toBeVisible();
    expect(within(row).getByText('Deutsch')).toBeVisible();
    expect((await mailedInvite(invitee)).subject).toContain('Einladung');

    await user.click(within(row).getByRole('button', { name: t.invites.revokeLabel.replace('{email}', invitee) }));
    const question = await screen.findByRole('dialog', { name: t.invites.revokeTitle });
    await user.click(within(question).getByRole('button', { name: t.invites.revoke }));
    await waitFor(() => expect(screen.queryByText(invitee)).toBeNull());
  });

  it('refuses an address that already has a role, in the server’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    const owner = await staffInConsole('owner');
    renderConsole(<StaffList />, { pathname: '/admin/staff' });
    await user.type(await screen.findByLabelText(t.invites.email), owner.email);
    await user.click(screen.getByRole('button', { name: t.invites.send }));
    const password = await screen.findByRole('dialog', { name: t.password.title });
    await user.type(within(password).getByLabelText(t.password.label), owner.password);
    await user.click(within(password).getByRole('button', { name: t.password.confirm }));
    expect(await screen.findByText(/already belongs to a staff member/)).toBeVisible();
    expect(network.calls('GET admin/staff/invites')).toHaveLength(1);
  });
});

describe('the invitation link’s page', () => {
  it('sets a password for a new account, then leads to the console', async () => {
    const user = userEvent.setup();
    await staffInConsole('owner');
    await accepted('confirm the password', pageApi('POST', 'admin/confirm-password', { CurrentPassword: strongPassword }));
    const invitee = uniqueEmail('new-staff');
    await accepted('invite', pageApi('POST', 'admin/staff/invites', { EmailAddress: invitee, Role: 'staff', Language: 'en' }));
    const { token } = await mailedInvite(invitee);

    resetConsoleState();
    await pageApi('GET', 'auth/session-info');
    appActions.markSessionChecked();
    renderWithIntl(<StaffInviteAcceptance />, 'en', { pathname: '/staff-invite', search: `token=${token}` });
    expect(await screen.findByText(`Invitation for ${invitee} as staff.`)).toBeVisible();
    await user.type(screen.getByLabelText(accountEn.account.resetPassword.newPassword), strongPassword);
    await user.type(screen.getByLabelText(accountEn.account.resetPassword.repeatPassword), strongPassword);
    await user.click(screen.getByRole('button', { name: invitePage.create }));
    // The terms must be agreed to first: nothing is sent.
    expect(network.calls('POST staff-invites/accept')).toEqual([]);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: invitePage.create }));
    await waitFor(() => expect(routerCalls.at(-1)).toEqual({ method: 'push', href: '/admin' }));
    // Each look at a link counts against the address's throttle: the page looks once.
    expect(network.calls('POST staff-invites/lookup')).toHaveLength(1);
    const me = await accepted('ask the console who this is', pageApi<{ EmailAddress: string; SecondFactor: string }>('GET', 'admin/me'));
    expect(me).toMatchObject({ EmailAddress: invitee, SecondFactor: 'enrol' });
  });

  it('asks an address with an account to log in to it, then grants the role', async () => {
    const user = userEvent.setup();
    await staffInConsole('owner');
    await accepted('confirm the password', pageApi('POST', 'admin/confirm-password', { CurrentPassword: strongPassword }));
    const invitee = uniqueEmail('customer-joins');
    await accepted('invite', pageApi('POST', 'admin/staff/invites', { EmailAddress: invitee, Role: 'staff', Language: 'en' }));
    const { token } = await mailedInvite(invitee);

    resetConsoleState();
    const account = await signedIn({ email: invitee });
    await accepted('log out', pageApi('PUT', 'auth/logout'));
    appActions.setSession(null);
    renderWithIntl(<StaffInviteAcceptance />, 'en', { pathname: '/staff-invite', search: `token=${token}` });
    expect(await screen.findByText(invitePage.loginNeeded)).toBeVisible();
    expect(screen.getByRole('button', { name: invitePage.login })).toBeVisible();

    // Logged in (as the login dialog would): the page looks again and offers to accept.
    const login = await accepted(
      'log in',
      pageApi<LoginResponse>('POST', 'auth/login', { UserName: invitee, Password: account.password, CookieConsent: null }),
    );
    act(() => appActions.setSession(login.SessionInfo));
    await user.click(await screen.findByRole('button', { name: invitePage.accept }));
    await waitFor(() => expect(routerCalls.at(-1)).toEqual({ method: 'push', href: '/admin' }));
    const me = await accepted('ask the console who this is', pageApi<{ EmailAddress: string }>('GET', 'admin/me'));
    expect(me.EmailAddress).toBe(invitee);
  });

  it('says when a link is no longer valid', async () => {
    await pageApi('GET', 'auth/session-info'); // the XSRF cookie, as the site's start-up gets it
    appActions.markSessionChecked();
    renderWithIntl(<StaffInviteAcceptance />, 'en', { pathname: '/staff-invite', search: 'token=unknown-token' });
    expect(await screen.findByText(/no longer valid/)).toBeVisible();
    expect(screen.getByText(invitePage.askAgain)).toBeVisible();
  });
});

describe('device lists', () => {
  it('shows a staff member’s own sessions with device and address, and signs another one out', async () => {
    const user = userEvent.setup();
    const staff = await staffInConsole();
    const laptop = anotherBrowser({ userAgent: firefoxOnLinux });
    await laptop('GET', 'auth/session-info');
    await accepted(
      'log in elsewhere',
      laptop('POST', 'auth/login', { UserName: staff.email, Password: staff.password, CookieConsent: null }),
    );
    renderConsole(<StaffSessions />, { pathname: '/admin/sessions' });

    const table = await screen.findByRole('table', { name: t.sessions.list });
    const rows = await within(table).findAllByTestId('own-session');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText(t.sessions.thisDevice)).toBeVisible();
    const other = rows.find((row) => within(row).queryByText('Firefox on Linux'))!;
    expect(within(other).getByText(/^[0-9a-f.:]+$/)).toBeVisible();
    await user.click(within(other).getByRole('button', { name: t.sessions.signOutLabel.replace('{device}', 'Firefox on Linux') }));
    await waitFor(() => expect(within(table).getAllByTestId('own-session')).toHaveLength(1));
    expect((await laptop('GET', 'auth/session-info')).body).toMatchObject({ UserName: null });
  });

  it('shows a customer’s sessions with device and address on the customer page', async () => {
    const customer = await signedIn();
    const phone = anotherBrowser({ userAgent: firefoxOnLinux });
    await phone('GET', 'auth/session-info');
    await accepted('log in', phone('POST', 'auth/login', { UserName: customer.email, Password: customer.password, CookieConsent: null }));
    resetConsoleState();
    await staffInConsole();
    const found = await accepted(
      'find the customer',
      pageApi<{ Key: string }[]>('GET', `admin/customers?q=${encodeURIComponent(customer.email)}`),
    );
    renderConsole(<CustomerView id={found[0].Key} />, { pathname: `/admin/customers/${found[0].Key}` });
    const table = await screen.findByRole('table', { name: t.customers.sessions });
    expect(await within(table).findByText('Firefox on Linux')).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: t.customers.clientAddress })).toBeVisible();
  });
});
