'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { LOGIN_PARAM } from '@/lib/return-path';
import { useAuthDialog } from '@/lib/state/auth-dialogs';
import { useLatched } from '../ui/use-latched';

// The dialogs, their forms and their messages load when first opened, not with every page.
const AuthDialogsLoaded = dynamic(() => import('./AuthDialogsLoaded'), { ssr: false });
// So does what answers a login asked for in the address, which few visits carry.
const LoginFromAddress = dynamic(() => import('./LoginFromAddress'), { ssr: false });

/** The login and sign-up dialogs, mounted once by the shell. */
export function AuthDialogs() {
  const { open } = useAuthDialog();
  const wanted = useLatched(open !== null);
  return (
    <>
      {wanted && <AuthDialogsLoaded />}
      {/* Reading the query needs a Suspense boundary on statically rendered pages. */}
      <Suspense fallback={null}>
        <LoginFromAddressWhenAsked />
      </Suspense>
    </>
  );
}

/** Loads LoginFromAddress once the address asks for a login, and keeps it while it answers (it drops the parameter). */
function LoginFromAddressWhenAsked() {
  const wanted = useLatched(useSearchParams()?.has(LOGIN_PARAM) ?? false);
  return wanted ? <LoginFromAddress /> : null;
}
