'use client';

import { LazyMessages, loadAccountMessages } from '../shell/LazyMessages';
import { LoginDialog } from './LoginDialog';
import { SignupDialog } from './SignupDialog';

/** The dialogs with their messages: one chunk, loaded when a dialog is first opened. */
export default function AuthDialogsLoaded() {
  return (
    <LazyMessages load={loadAccountMessages}>
      <LoginDialog />
      <SignupDialog />
    </LazyMessages>
  );
}
