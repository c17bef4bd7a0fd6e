'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFieldError } from '@/components/forms/use-field-error';
import { PasswordField } from '@/components/account/PasswordField';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { confirmPassword } from '@/lib/api/admin';
import { ApiCallError } from '@/lib/api/client';
import { ConfirmPasswordSchema } from '@/lib/contract/admin';
import { answerConsole, endPasswordQuestion, useConsoleState, type ConsoleQuestion } from './console-store';
import { FormButtons } from '@/components/ui/FormButtons';

/** The console's own dialogs: its yes/no questions and the password asked again. */
export function ConsoleDialogs() {
  return (
    <>
      <QuestionDialog />
      <PasswordDialog />
    </>
  );
}

function QuestionDialog() {
  const t = useTranslations('admin.common');
  const pending = useConsoleState((state) => state.question);
  // Keep the last question while the dialog fades out.
  const [shown, setShown] = useState<ConsoleQuestion | null>(null);
  if (pending && pending.request !== shown) setShown(pending.request);
  const request = pending?.request ?? shown;
  return (
    <Dialog
      open={Boolean(pending)}
      describedByContent
      onOpenChange={(open) => !open && answerConsole(false)}
      title={request?.title ?? ''}
      footer={
        <>
          <Button variant="plain" onClick={() => answerConsole(false)}>
            {t('cancel')}
          </Button>
          <Button variant={request?.warn ? 'warn' : 'primary'} onClick={() => answerConsole(true)}>
            {request?.confirmLabel ?? ''}
          </Button>
        </>
      }
    >
      <p>{request?.message ?? ''}</p>
    </Dialog>
  );
}

function PasswordDialog() {
  const pending = useConsoleState((state) => state.password);
  const t = useTranslations('admin.password');
  return (
    <Dialog open={Boolean(pending)} onOpenChange={(open) => !open && endPasswordQuestion(false)} title={t('title')} maxWidth={440}>
      {/* A new form for every question, so nothing typed before is kept. */}
      {pending && <PasswordForm key={pending.id} />}
    </Dialog>
  );
}

function PasswordForm() {
  const t = useTranslations('admin.password');
  const common = useTranslations('admin.common');
  const { register, handleSubmit, formState } = useForm<{ CurrentPassword: string }>({
    resolver: zodResolver(ConfirmPasswordSchema),
    mode: 'all',
    defaultValues: { CurrentPassword: '' },
  });
  const fieldError = useFieldError(formState);
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = handleSubmit(async ({ CurrentPassword }) => {
    setSaving(true);
    setMessages([]);
    try {
      await confirmPassword(CurrentPassword);
      endPasswordQuestion(true);
    } catch (error) {
      if (error instanceof ApiCallError) setMessages(['text' in error.content ? error.content.text : t('failed')]);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('why')}</p>
      <ErrorPanel messages={messages} />
      <PasswordField
        label={t('label')}
        autoComplete="current-password"
        autoFocus
        error={fieldError('CurrentPassword')}
        {...register('CurrentPassword')}
      />
      <FormButtons cancelLabel={common('cancel')} submitLabel={t('confirm')} busy={saving} onCancel={() => endPasswordQuestion(false)} />
    </form>
  );
}
