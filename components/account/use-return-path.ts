'use client';

import { useRouter } from 'next/navigation';
import { safeReturnPath } from '@/lib/return-path';
import { useLocalePath } from '../shell/shell-i18n';

/** Goes to the path a guard asked to return to, in the page's language. */
export function useGoToReturnPath() {
  const router = useRouter();
  const localePath = useLocalePath();
  return (returnTo: string | null | undefined) => {
    const path = safeReturnPath(returnTo);
    if (path) router.push(localePath(path));
  };
}
