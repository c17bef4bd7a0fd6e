'use client';

import { QueryProvider } from '../data/QueryProvider';
import { LazyMessages, loadAccountMessages } from '../shell/LazyMessages';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { SignupDialog } from './SignupDialog';

/** The login, sign-up and forgot-password dialogs with their messages and their writes' client: one chunk, loaded when a dialog is first opened. */
export default function AuthDialogsLoaded() {
  return (
    <QueryProvider>
      <LazyMessages load={loadAccountMessages}>
        <LoginDialog />
        <SignupDialog />
        <ForgotPasswordDialog />
      </LazyMessages>
    </QueryProvider>
  );
}
