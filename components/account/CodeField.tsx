import { forwardRef } from 'react';
import { limits } from '@/lib/contract/limits';
import { TextField, type TextFieldProps } from '../ui/TextField';

/** The mailed 6-character verification code (docs/product/accounts.md#sign-up-with-a-code, docs/product/accounts.md#changing-the-email-address). */
export const CodeField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'maxLength'>>(function CodeField(props, ref) {
  return (
    <TextField
      ref={ref}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={limits.code}
      // The server compares codes in capitals; showing them so matches the mail.
      className="[&_input]:font-mono [&_input]:tracking-[0.3em] [&_input]:uppercase"
      {...props}
    />
  );
});
