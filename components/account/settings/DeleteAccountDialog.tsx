'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { FormButtons } from '@/components/ui/FormButtons';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { deleteAccount } from '@/lib/api/user';
import type { DeleteAccountRequest, DeleteAccountRequestSchema } from '@/lib/contract/user';
import { userData } from '@/lib/contract/user-data';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { PasswordField } from '../PasswordField';
import { useFormMutation } from '../use-form-mutation';
import { settingsPath, type SessionEnd } from './types';

/** The account deletion's confirmation, 530 px (docs/product/accounts.md#account-deletion). */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onSessionEnd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSessionEnd(reason: SessionEnd): void;
}) {
  const t = useTranslations();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('account.settings.deleteDialog.title')}
      maxWidth={530}
      closeLabel={t('dialog.close')}
    >
      <DeleteAccountForm onCancel={() => onOpenChange(false)} onSessionEnd={onSessionEnd} />
    </Dialog>
  );
}

const resolver = lazyZodResolver<DeleteAccountRequest, z.output<typeof DeleteAccountRequestSchema>>(() =>
  import('@/lib/contract/user').then((contract) => contract.DeleteAccountRequestSchema),
);

function DeleteAccountForm({ onCancel, onSessionEnd }: { onCancel(): void; onSessionEnd(reason: SessionEnd): void }) {
  const t = useTranslations('account.settings.deleteDialog');
  const { register, handleSubmit, formState, watch } = useForm<DeleteAccountRequest, unknown, z.output<typeof DeleteAccountRequestSchema>>({
    resolver,
    mode: 'all',
    defaultValues: { CurrentPassword: '' },
  });
  const { saving, messages, setMessages, send } = useFormMutation(watch, deleteAccount, settingsPath);
  const fieldError = useFieldError(formState);

  const onSubmit = handleSubmit(async (values) => {
    const answer = await send({ CurrentPassword: values.CurrentPassword });
    if (!answer) return;
    if (answer.Data === userData.sessionEnded) return onSessionEnd('wrongPassword');
    if (answer.ErrorMessages.length) return setMessages(answer.ErrorMessages.map((error) => error.Message));
    onSessionEnd('deleted');
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('text')}</p>
      <ErrorPanel messages={messages} />
      <PasswordField
        label={t('password')}
        autoComplete="current-password"
        autoFocus
        error={fieldError('CurrentPassword')}
        {...register('CurrentPassword')}
      />
      <FormButtons variant="warn" cancelLabel={t('cancel')} submitLabel={t('confirm')} busy={saving} onCancel={onCancel} />
    </form>
  );
}
