import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { confirm } from '@/lib/state/confirm';
import { renderWithIntl } from './render';

describe('confirm dialog (spec screen 5)', () => {
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
});
