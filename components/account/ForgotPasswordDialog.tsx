'use client';

import { useTranslations } from 'next-intl';
import { dismissAuthDialog, switchAuthDialog, useAuthDialog } from '@/lib/state/auth-dialogs';
import { Dialog } from '../ui/Dialog';
import { ForgotPasswordForm } from './ForgotPassword';

// Apart from the form, which the reset page shows without a dialog (and without Radix).
/** "Forgot password?" from the login dialog (docs/product/accounts.md#password-reset). */
export function ForgotPasswordDialog() {
  const t = useTranslations();
  const { open } = useAuthDialog();
  return (
    <Dialog
      open={open === 'forgotPassword'}
      onOpenChange={(next) => !next && dismissAuthDialog()}
      title={t('account.forgotPassword.title')}
      maxWidth={400}
      closeLabel={t('dialog.close')}
    >
      <ForgotPasswordForm backToLogin={() => switchAuthDialog('login')} />
    </Dialog>
  );
}
