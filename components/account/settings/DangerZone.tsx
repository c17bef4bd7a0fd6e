'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useLatched } from '@/components/ui/use-latched';
import { SettingsCard } from './SettingsCard';
import type { SessionEnd } from './types';

// The dialog and its form load when first opened, not with the settings page.
const DeleteAccountDialog = dynamic(() => import('./DeleteAccountDialog').then((module) => module.DeleteAccountDialog), { ssr: false });

/** "Danger Zone": the button and its confirmation dialog (docs/product/accounts.md#account-deletion). */
export function DangerZone({ onSessionEnd }: { onSessionEnd(reason: SessionEnd): void }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const wanted = useLatched(open);
  return (
    <SettingsCard
      title={t('account.settings.danger.title')}
      danger
      aside={<p className="text-sm text-slate-700">{t('account.settings.danger.text')}</p>}
    >
      <div className="flex h-full items-center md:justify-end">
        <Button variant="warn" onClick={() => setOpen(true)}>
          {t('account.settings.danger.delete')}
        </Button>
      </div>
      {wanted && <DeleteAccountDialog open={open} onOpenChange={setOpen} onSessionEnd={onSessionEnd} />}
    </SettingsCard>
  );
}
