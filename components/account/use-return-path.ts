'use client';

import { useRouter } from 'next/navigation';
import { isHostedApp, safeReturnPath } from '@/lib/portal-paths';
import { useLocalePath } from '../shell/shell-i18n';

/** Goes to the path a guard asked to return to: sub-apps are separate sites, the rest is ours. */
export function useGoToReturnPath() {
  const router = useRouter();
  const localePath = useLocalePath();
  return (returnTo: string | null | undefined) => {
    const path = safeReturnPath(returnTo);
    if (!path) return;
    if (isHostedApp(path)) window.location.assign(path);
    else router.push(localePath(path));
  };
}
