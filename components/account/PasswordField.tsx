'use client';

import { useTranslations } from 'next-intl';
import { forwardRef, useState } from 'react';
import { limits } from '@/lib/contract/limits';
import { TextField, type TextFieldProps } from '../ui/TextField';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with the show/hide toggle (docs/product/accounts.md#login), used by every password field. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const t = useTranslations('account.password');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      maxLength={limits.password}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          aria-label={t('show')}
          onClick={() => setVisible((shown) => !shown)}
          className="rounded p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    />
  );
});
