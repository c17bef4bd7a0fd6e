'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { Button } from '@/components/ui/Button';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextField } from '@/components/ui/TextField';
import { ApiCallError } from '@/lib/api/client';
import { showError } from '@/lib/state/snackbar';
import { limits } from '@/lib/contract/limits';
import type { SecondFactorCode, SecondFactorCodeSchema } from '@/lib/contract/second-factor';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';

const resolver = lazyZodResolver<SecondFactorCode, z.output<typeof SecondFactorCodeSchema>>(() =>
  import('@/lib/contract/second-factor').then((contract) => contract.SecondFactorCodeSchema),
);

/**
 * The field for a second-factor code and its button, in the console and for customers'
 * two-step sign-in. `numeric`: only the app's six digits (enrolment); otherwise a recovery
 * code is welcome too. A refusal (wrong code, too many tries) shows above the field in the
 * server's words.
 */
export function CodeForm({
  label,
  hint,
  submitLabel,
  numeric,
  autoFocus,
  onCode,
  onRefused,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  numeric: boolean;
  /** The form appears in place of another step: the field takes the focus. */
  autoFocus?: boolean;
  onCode(code: string): Promise<void>;
  /** A refusal that is not about the code (e.g. 409: already enrolled elsewhere) — true when handled. */
  onRefused?(error: ApiCallError): boolean;
}) {
  const { register, handleSubmit, formState, setFocus, resetField } = useForm<
    SecondFactorCode,
    unknown,
    z.output<typeof SecondFactorCodeSchema>
  >({
    resolver,
    defaultValues: { Code: '' },
  });
  const fieldError = useFieldError(formState);
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = handleSubmit(async ({ Code }) => {
    setSaving(true);
    setMessages([]);
    try {
      await onCode(Code);
    } catch (error) {
      if (!(error instanceof ApiCallError) || onRefused?.(error)) return;
      // No answer of the server's (the network failed): said as everywhere else, and the code stays.
      if (!('text' in error.content)) return showError(error.content);
      setMessages([error.content.text]);
      resetField('Code', { keepError: false });
      setFocus('Code');
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-sm flex-col gap-4">
      <ErrorPanel messages={messages} />
      <TextField
        label={label}
        hint={hint}
        autoComplete="one-time-code"
        inputMode={numeric ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={limits.secondFactorCode}
        autoFocus={autoFocus}
        className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
        error={fieldError('Code')}
        {...register('Code')}
      />
      <div>
        <Button type="submit" busy={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
