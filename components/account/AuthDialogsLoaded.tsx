'use client';

import { QueryProvider } from '../data/QueryProvider';
import { LazyMessages, loadAccountMessages } from '../shell/LazyMessages';
import { LoginDialog } from './LoginDialog';
import { SignupDialog } from './SignupDialog';

/** The dialogs with their messages and their writes' client: one chunk, loaded when a dialog is first opened. */
export default function AuthDialogsLoaded() {
  return (
    <QueryProvider>
      <LazyMessages load={loadAccountMessages}>
        <LoginDialog />
        <SignupDialog />
      </LazyMessages>
    </QueryProvider>
  );
}
