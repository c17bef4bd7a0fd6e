'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { Button } from '@/components/ui/Button';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextField } from '@/components/ui/TextField';
import { ApiCallError } from '@/lib/api/client';
import { limits } from '@/lib/contract/limits';
import { SecondFactorCodeSchema, type SecondFactorCode } from '@/lib/contract/admin';

/**
 * The field for a second-factor code and its button. `numeric`: only the app's six digits
 * (enrolment); otherwise a recovery code is welcome too. A refusal (wrong code, too many
 * tries) shows above the field in the server's words.
 */
export function CodeForm({
  label,
  hint,
  submitLabel,
  numeric,
  onCode,
  onRefused,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  numeric: boolean;
  onCode(code: string): Promise<void>;
  /** A refusal that is not about the code (e.g. 409: already enrolled elsewhere) — true when handled. */
  onRefused?(error: ApiCallError): boolean;
}) {
  const { register, handleSubmit, formState, setFocus, resetField } = useForm<
    SecondFactorCode,
    unknown,
    z.output<typeof SecondFactorCodeSchema>
  >({
    resolver: zodResolver(SecondFactorCodeSchema),
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
      setMessages(['text' in error.content ? error.content.text : error.message]);
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
