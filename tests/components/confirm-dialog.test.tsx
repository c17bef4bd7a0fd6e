import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { confirm } from '@/lib/state/confirm';
import { renderWithIntl } from './render';

describe('confirm dialog', () => {
  it('resolves true on Yes and false on No', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ConfirmDialog />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ titleKey: 'dialog.confirmLogoutTitle', messageKey: 'dialog.confirmLogoutMessage' });
    });
    expect(await screen.findByRole('dialog', { name: 'Confirm Logout' })).toHaveTextContent('Are you sure you want to end this session?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({ titleKey: 'dialog.confirmLogoutTitle', messageKey: 'dialog.confirmLogoutMessage', warn: true });
    });
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });

  it('reads its message out with the title, and gives the focus back even when it is mounted already open', async () => {
    const user = userEvent.setup();
    renderWithIntl(<button type="button">Log out</button>);
    screen.getByRole('button', { name: 'Log out' }).focus();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ titleKey: 'dialog.confirmLogoutTitle', messageKey: 'dialog.confirmLogoutMessage' });
    });
    // Loaded on first use: the dialog's first render is already an open one.
    renderWithIntl(<ConfirmDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to end this session?');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus());
  });
});
