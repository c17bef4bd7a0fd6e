import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Overview } from '@/components/admin/Overview';
import { appActions } from '@/lib/state/app-state';
import { adminTexts, authenticatorCode, enrolled, newSession, renderConsole, resetConsoleState, staffMember } from './admin-helpers';
import { signedIn } from './runner/accounts';
import { network } from './runner/network';

// Sign-ups and the second factor go through the real backend.

beforeEach(resetConsoleState);

const t = adminTexts('en');

describe('the console gate (GET admin/me)', () => {
  it('is Next’s not-found page for an account without a staff role', async () => {
    await signedIn();
    // React reports the error it hands to the boundary; that is the expected outcome here.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => {});
    const errors: unknown[] = [];
    renderConsole(<Overview />, { onError: (error) => errors.push(error) });
    await waitFor(() => expect(errors).toHaveLength(1));
    // What notFound() throws for Next's boundary to answer 404 with the not-found page.
    expect((errors[0] as { digest?: string }).digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
    expect(network.calls('GET admin/overview')).toEqual([]);
    reported.mockRestore();
  });

  it('asks for the site’s login without a session, and opens nothing of the console', async () => {
    appActions.markSessionChecked();
    renderConsole(<Overview />, { pathname: '/admin/customers' });
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(screen.getByText(t.gate.loginRequired)).toBeInTheDocument();
    expect(network.calls((call) => call.path.startsWith('admin/'))).toEqual([]);
  });

  it('enrols a staff member: QR code as an image, the key to type, a real code, the recovery codes once, then the console', async () => {
    const user = userEvent.setup();
    const { email } = await staffMember();
    renderConsole(<Overview />);

    expect(await screen.findByRole('heading', { name: t.enrol.title })).toBeVisible();
    const qr = await screen.findByRole('img', { name: t.enrol.qrAlt });
    // The server's SVG becomes an image's data: address, never markup of the page.
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3C/);
    expect(document.querySelector('svg[shape-rendering], svg path[stroke]')).toBeNull();
    const secret = screen.getByTestId('totp-secret').textContent!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused in the server's words, and the field is ready for another.
    const field = screen.getByLabelText(t.enrol.codeLabel);
    const valid = await Promise.all([-1, 0, 1].map((step) => authenticatorCode(secret, step)));
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
    await user.type(field, wrong);
    await user.click(screen.getByRole('button', { name: t.enrol.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
    expect(field).toHaveValue('');

    await user.type(field, await authenticatorCode(secret));
    await user.click(screen.getByRole('button', { name: t.enrol.confirm }));

    expect(await screen.findByRole('heading', { name: t.enrol.recoveryTitle })).toBeVisible();
    const codes = within(screen.getByTestId('recovery-codes')).getAllByRole('listitem');
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code.textContent).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // The console opens only once the codes are said to be saved.
    const open = screen.getByRole('button', { name: t.enrol.continue });
    expect(open).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: t.enrol.savedCheck }));
    await user.click(open);

    expect(await screen.findByRole('heading', { name: t.overview.title, level: 1 })).toBeVisible();
    expect(screen.getByTestId('staff-email')).toHaveTextContent(email);
    const nav = screen.getByRole('navigation', { name: t.nav.label });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      t.nav.overview,
      t.nav.support,
      t.nav.customers,
      t.nav.invoices,
      t.nav.payments,
      t.nav.subscriptions,
      t.nav.owed,
      t.nav.catalog,
      t.nav.reports,
      t.nav.audit,
      t.nav.notifications,
      t.nav.sessions,
    ]);
    expect(within(nav).getByRole('link', { name: t.nav.overview })).toHaveAttribute('aria-current', 'page');
  });

  it('asks an enrolled member for a code in a new session, and takes a recovery code', async () => {
    const user = userEvent.setup();
    const account = await staffMember('owner');
    const { recoveryCodes } = await enrolled();
    await newSession(account);
    renderConsole(<Overview />);

    expect(await screen.findByRole('heading', { name: t.verify.title })).toBeVisible();
    const field = screen.getByLabelText(t.verify.codeLabel);
    await user.type(field, 'aaaaa-bbbbb');
    await user.click(screen.getByRole('button', { name: t.verify.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);

    // Typed in capitals with a space, as someone copies it from paper: the form sends it as issued.
    await user.type(field, ` ${recoveryCodes[0].toUpperCase()} `);
    await user.click(screen.getByRole('button', { name: t.verify.submit }));
    expect(await screen.findByRole('heading', { name: t.overview.title, level: 1 })).toBeVisible();
    expect(network.calls('POST admin/second-factor/verify').at(-1)?.body).toEqual({ Code: recoveryCodes[0] });
    // Owners also see the staff section.
    expect(screen.getByRole('link', { name: t.nav.staff })).toBeVisible();
  });

  it('takes the authenticator’s next code in a new session, in German', async () => {
    const user = userEvent.setup();
    const account = await staffMember();
    const { secret } = await enrolled();
    await newSession(account);
    renderConsole(<Overview />, { locale: 'de' });
    const de = adminTexts('de');

    expect(await screen.findByRole('heading', { name: de.verify.title })).toBeVisible();
    // The enrolment used this period's code; the next period's is a new one (the server allows one step of drift).
    await user.type(screen.getByLabelText(de.verify.codeLabel), await authenticatorCode(secret, 1));
    await user.click(screen.getByRole('button', { name: de.verify.submit }));
    expect(await screen.findByRole('heading', { name: de.overview.title, level: 1 })).toBeVisible();
    expect(await screen.findByText(de.overview.mrr)).toBeVisible();
    expect(screen.getByTestId('tile-mrr')).toHaveTextContent(/\$/);
  });
});
