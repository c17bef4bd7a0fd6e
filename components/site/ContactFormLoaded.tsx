'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { callApi } from '@/lib/api/client';
import { serverMessages } from '@/lib/api/envelope';
import { snackbarDurations } from '@/lib/config';
import type { ErrorEnvelope } from '@/lib/contract/envelope';
import type { SupportMessage, SupportMessageInput } from '@/lib/contract/support';
import { showError, showSuccess } from '@/lib/state/snackbar';
import { useFieldError } from '../forms/use-field-error';
import { ContactFormView, type ContactFormTexts } from './ContactFormView';
import { emptyMessage, type ContactFormStart } from './contact-form-start';

export { contactFormStart } from './contact-form-start';

const resolver = lazyZodResolver<SupportMessageInput, SupportMessage>(() => import('@/lib/contract/support').then((contract) => contract.SupportMessageSchema));

/**
 * Spec screen 2 support form with the §5 contact rules (all in SupportMessageSchema), once its
 * code has loaded (ContactForm.tsx): it starts from what the plain form held, in the same field.
 */
export default function ContactFormLoaded({ texts, start }: { texts: ContactFormTexts; start: ContactFormStart }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, reset, formState, getValues, setValue } = useForm<SupportMessageInput, unknown, SupportMessage>({
    resolver,
    defaultValues: start.values,
    // Validate as the user types and leaves a field; useFieldError decides what shows (spec §5).
    mode: 'all',
  });
  const fieldError = useFieldError(formState);
  const [errors, setErrors] = useState<string[]>([]);

  // Before the first paint: the caret stays where it was, and a send asked for while loading goes ahead.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const name of start.touched) setValue(name, getValues(name), { shouldTouch: true, shouldValidate: true });
    if (start.focused) {
      const field = form.elements.namedItem(start.focused);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.focus();
        if (start.selection) field.setSelectionRange(...start.selection);
      }
    }
    if (start.submitted) form.requestSubmit();
  }, [start, getValues, setValue]);

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

  return <ContactFormView texts={texts} formRef={formRef} field={register} fieldError={fieldError} errors={errors} submitting={formState.isSubmitting} onSubmit={send} />;
}
