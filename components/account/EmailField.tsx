import { forwardRef } from 'react';
import { limits } from '@/lib/contract/limits';
import { TextField, type TextFieldProps } from '../ui/TextField';

/** An account email address input (login, sign-up, new address). */
export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'maxLength'>>(function EmailField(props, ref) {
  return <TextField ref={ref} type="email" inputMode="email" autoComplete="email" spellCheck={false} maxLength={limits.email} {...props} />;
});
