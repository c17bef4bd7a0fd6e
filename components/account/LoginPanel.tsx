'use client';

import { useTranslations } from 'next-intl';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { Button } from '../ui/Button';

/** Shown on a store page whose session has gone; LOGIN comes back to the same page. */
export function LoginPanel({ text, returnTo }: { text: string; returnTo: string }) {
  const t = useTranslations('store.login');
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-slate-200 bg-slate-50 p-6">
      <p>{text}</p>
      <Button onClick={() => openAuthDialog('login', returnTo)}>{t('action')}</Button>
    </div>
  );
}
