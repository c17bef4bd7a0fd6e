'use client';

import { useState } from 'react';
import { answerConfirm, usePendingConfirm, type ConfirmRequest } from '@/lib/state/confirm';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useShellText } from '../shell/shell-i18n';

/** Title, optional icon, content; Yes → true, No → false (docs/product/pages.md#confirm-dialog). */
export function ConfirmDialog() {
  const t = useShellText();
  const pending = usePendingConfirm();
  // Keep the last request while the dialog fades out.
  const [shown, setShown] = useState<ConfirmRequest | null>(null);
  if (pending && pending !== shown) setShown(pending);
  const request = pending ?? shown;

  return (
    <Dialog
      open={Boolean(pending)}
      describedByContent
      onOpenChange={(open) => !open && answerConfirm(false)}
      title={request ? t(request.titleKey) : ''}
      icon={
        request?.icon === 'warning' ? (
          <span aria-hidden className="text-2xl text-warn-600">
            ⚠
          </span>
        ) : undefined
      }
      footer={
        <>
          <Button variant="plain" onClick={() => answerConfirm(false)}>
            {t('dialog.no')}
          </Button>
          <Button variant={request?.warn ? 'warn' : 'primary'} onClick={() => answerConfirm(true)}>
            {t('dialog.yes')}
          </Button>
        </>
      }
    >
      <p>{request ? t(request.messageKey) : ''}</p>
    </Dialog>
  );
}
