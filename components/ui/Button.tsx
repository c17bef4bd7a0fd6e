import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'warn' | 'plain' | 'inverse';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600',
  warn: 'bg-warn-600 text-white hover:bg-warn-700 disabled:bg-slate-300 disabled:text-slate-600',
  plain: 'bg-transparent text-brand-700 hover:bg-brand-50 disabled:text-slate-500',
  /** On a dark brand background. */
  inverse: 'bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white disabled:text-slate-500',
};

export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) =>
  cx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold tracking-wide',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
    variants[variant],
    extra,
  );

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
