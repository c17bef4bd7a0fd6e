'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { callApi } from '@/lib/api/client';
import { snackbarDurations } from '@/lib/config';
import { limits } from '@/lib/contract/limits';
import type { ErrorEnvelope } from '@/lib/contract/envelope';
import { serverMessages } from '@/lib/api/envelope';
import type { SupportMessage, SupportMessageInput } from '@/lib/contract/support';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { showError, showSuccess } from '@/lib/state/snackbar';
import { useFieldError } from '../forms/use-field-error';
import { Button } from '../ui/Button';
import { ErrorPanel } from '../ui/ErrorPanel';
import { TextArea } from '../ui/TextArea';
import { TextField } from '../ui/TextField';

/** Translated on the server and passed in, so the page ships no message catalogue for it. */
export interface ContactFormTexts {
  fullName: string;
  email: string;
  phone: string;
  message: string;
  send: string;
  sending: string;
  success: string;
  failure: string;
}

const emptyMessage: SupportMessageInput = { FullName: '', EmailAddress: '', Phone: '', Message: '' };

/** Spec screen 2 support form with the §5 contact rules (all in SupportMessageSchema). */
export function ContactForm({ texts }: { texts: ContactFormTexts }) {
  const { register, handleSubmit, reset, formState } = useForm<SupportMessageInput, unknown, SupportMessage>({
    resolver: lazyZodResolver(() => import('@/lib/contract/support').then((contract) => contract.SupportMessageSchema)),
    defaultValues: emptyMessage,
    // Validate as the user types and leaves a field; useFieldError decides what shows (spec §5).
    mode: 'all',
  });
  const fieldError = useFieldError(formState);
  const [errors, setErrors] = useState<string[]>([]);

  const send = handleSubmit(async (message) => {
    setErrors([]);
    let answer: ErrorEnvelope | undefined;
    try {
      answer = await callApi<ErrorEnvelope | undefined>('POST', 'support/message', { body: message, returnErrorBody: true, silent: true });
    } catch {
      showError({ text: texts.failure });
      return;
    }
    const rejected = serverMessages(answer);
    if (rejected.length > 0) {
      setErrors(rejected);
      showError({ text: texts.failure });
      return;
    }
    reset(emptyMessage);
    showSuccess({ text: texts.success }, snackbarDurations.contactSuccess);
  });

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-5" data-testid="contact-form">
      <ErrorPanel messages={errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={texts.fullName} autoComplete="name" aria-required maxLength={limits.fullName} error={fieldError('FullName')} {...register('FullName')} />
        <TextField label={texts.email} type="email" autoComplete="email" aria-required maxLength={limits.email} error={fieldError('EmailAddress')} {...register('EmailAddress')} />
      </div>
      <TextField label={texts.phone} type="tel" autoComplete="tel" maxLength={limits.phone} error={fieldError('Phone')} {...register('Phone')} />
      <TextArea label={texts.message} rows={6} aria-required maxLength={limits.message} error={fieldError('Message')} {...register('Message')} />
      <div>
        <Button type="submit" disabled={formState.isSubmitting} className="w-full sm:w-auto">
          {formState.isSubmitting ? texts.sending : texts.send}
        </Button>
      </div>
    </form>
  );
}
