import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountMenu } from '@/components/shell/AccountMenu';
import { appState } from '@/lib/state/app-state';
import { runStartup } from '@/lib/state/startup';
import { renderWithIntl } from './render';
import { network } from './runner/network';

beforeEach(() => {
  appState.reset();
  network.clearCookies();
});

describe('account menu', () => {
  it('opened from the keyboard before the session check ends, focuses Login, which turns usable in place', async () => {
    const user = userEvent.setup();
    renderWithIntl(<AccountMenu />);
    screen.getByRole('button', { name: 'Account' }).focus();
    await user.keyboard('{Enter}');
    const login = await screen.findByRole('menuitem', { name: 'Login' });
    expect(login).toHaveAttribute('aria-disabled', 'true');
    expect(login).toHaveFocus();
    await act(() => runStartup());
    expect(login).not.toHaveAttribute('aria-disabled');
    expect(login).toHaveFocus();
  });
});
