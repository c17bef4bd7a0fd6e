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
import { focusInvalidField } from '../forms/focus-invalid-field';
import { useFieldError } from '../forms/use-field-error';
import { useUnsavedChangesGuard } from '../forms/use-unsaved-changes-guard';
import { ContactFormView, type ContactFormTexts } from './ContactFormView';
import { contactFields, emptyMessage, type ContactFormStart } from './contact-form-start';

export { contactFormStart } from './contact-form-start';

const resolver = lazyZodResolver<SupportMessageInput, SupportMessage>(() =>
  import('@/lib/contract/support').then((contract) => contract.SupportMessageSchema),
);

/**
 * The support form (docs/product/pages.md#contact) with the contact rules (docs/product/validation.md#contact-form, all in SupportMessageSchema), once its
 * code has loaded (ContactForm.tsx): it starts from what the plain form held, in the same field.
 */
export default function ContactFormLoaded({ texts, start }: { texts: ContactFormTexts; start: ContactFormStart }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, reset, formState, setValue } = useForm<SupportMessageInput, unknown, SupportMessage>({
    resolver,
    // Empty, with what the plain form held set below as changes: a half-written message is
    // unsaved from the start, and the guard asks before the page is left (docs/product/languages-and-routing.md#unsaved-changes-guard).
    defaultValues: emptyMessage,
    // Validate as the user types and leaves a field; useFieldError decides what shows (docs/product/validation.md#how-fields-are-judged).
    mode: 'all',
    // focusInvalidField does it, with the field's heading in view.
    shouldFocusError: false,
  });
  const fieldError = useFieldError(formState);
  useUnsavedChangesGuard(formState.isDirty);
  const [errors, setErrors] = useState<string[]>([]);

  // Before the first paint: the caret stays where it was, and a send asked for while loading goes ahead.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const name of contactFields) {
      const touched = start.touched.includes(name);
      if (touched || start.values[name] !== emptyMessage[name])
        setValue(name, start.values[name], { shouldDirty: true, shouldTouch: touched, shouldValidate: touched });
    }
    if (start.focused) {
      const field = form.elements.namedItem(start.focused);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.focus();
        if (start.selection) field.setSelectionRange(...start.selection);
      }
    }
    if (start.submitted) form.requestSubmit();
  }, [start, setValue]);

  const send = handleSubmit(
    async (message) => {
      setErrors([]);
      let answer: ErrorEnvelope | undefined;
      try {
        answer = await callApi<ErrorEnvelope | undefined>('POST', 'support/message', {
          body: message,
          returnErrorBody: true,
          silent: true,
        });
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
    },
    (invalid, event) => event?.target instanceof HTMLFormElement && focusInvalidField(event.target, Object.keys(invalid)),
  );

  return (
    <ContactFormView
      texts={texts}
      formRef={formRef}
      field={register}
      fieldError={fieldError}
      errors={errors}
      submitting={formState.isSubmitting}
      onSubmit={send}
    />
  );
}
