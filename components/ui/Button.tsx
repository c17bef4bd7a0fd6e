import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'warn' | 'plain' | 'inverse';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 inactive:bg-slate-300 inactive:text-slate-600',
  warn: 'bg-warn-600 text-white hover:bg-warn-700 inactive:bg-slate-300 inactive:text-slate-600',
  plain: 'bg-transparent text-brand-700 hover:bg-brand-50 inactive:text-slate-500',
  /** On a dark brand background. */
  inverse: 'bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white inactive:text-slate-500',
};

export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) =>
  cx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold tracking-wide',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 inactive:cursor-not-allowed',
    variants[variant],
    extra,
  );

/**
 * `busy`: the form's call is running (spec §4 "Dialogs": the submit button is disabled). It
 * looks and reads as disabled but keeps the keyboard focus, which a disabled button would
 * drop to the page; clicks, and Enter in the form's fields, do nothing meanwhile.
 */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy = false,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; busy?: boolean }) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      // Only a busy button needs a handler of its own (server-rendered buttons must have none).
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
