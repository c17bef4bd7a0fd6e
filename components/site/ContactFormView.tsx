import type { FormEventHandler, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { limits } from '@/lib/contract/limits';
import type { SupportMessageInput } from '@/lib/contract/support';
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

export type ContactField = keyof SupportMessageInput;

/** What a field is wired with: only its name before the form's code has loaded, react-hook-form's binding after. */
export type ContactFieldBinding = { name: ContactField } & Partial<
  Pick<UseFormRegisterReturn<ContactField>, 'onChange' | 'onBlur' | 'ref'>
>;

/**
 * The support form's markup (docs/product/pages.md#contact), the same before its code has loaded (rendered
 * on the server, PlainContactForm) and after (ContactFormLoaded.tsx).
 */
export function ContactFormView({
  texts,
  field,
  fieldError = () => undefined,
  errors = [],
  submitting = false,
  formRef,
  onSubmit,
}: {
  texts: ContactFormTexts;
  field: (name: ContactField) => ContactFieldBinding;
  fieldError?: (name: ContactField) => string | undefined;
  errors?: string[];
  submitting?: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="contact-form">
      <ErrorPanel messages={errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={texts.fullName}
          autoComplete="name"
          aria-required
          maxLength={limits.fullName}
          error={fieldError('FullName')}
          {...field('FullName')}
        />
        <TextField
          label={texts.email}
          type="email"
          autoComplete="email"
          aria-required
          maxLength={limits.email}
          error={fieldError('EmailAddress')}
          {...field('EmailAddress')}
        />
      </div>
      <TextField
        label={texts.phone}
        type="tel"
        autoComplete="tel"
        maxLength={limits.phone}
        error={fieldError('Phone')}
        {...field('Phone')}
      />
      <TextArea
        label={texts.message}
        rows={6}
        aria-required
        maxLength={limits.message}
        error={fieldError('Message')}
        {...field('Message')}
      />
      <div>
        <Button type="submit" busy={submitting} className="w-full sm:w-auto">
          {submitting ? texts.sending : texts.send}
        </Button>
      </div>
    </form>
  );
}

/** The form as plain fields, for the server to render inside ContactForm until its code loads. */
export function PlainContactForm({ texts }: { texts: ContactFormTexts }) {
  return <ContactFormView texts={texts} field={(name) => ({ name })} />;
}
