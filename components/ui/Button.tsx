import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'warn' | 'plain' | 'inverse';

/** Whole names, for Tailwind's scan of the sources; the looks live in app/globals.css. */
const variants: Record<ButtonVariant, string> = { primary: 'btn-primary', warn: 'btn-warn', plain: 'btn-plain', inverse: 'btn-inverse' };

/**
 * One class per look rather than its utilities: the list repeats in every page's HTML and RSC
 * payload. Joined by hand, not with cx: every page's first load carries this, clsx with it.
 */
export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) => `btn ${variants[variant]}${extra ? ` ${extra}` : ''}`;

/**
 * `busy`: the form's call is running (the submit button is disabled, docs/product/pages.md#dialogs). It
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
