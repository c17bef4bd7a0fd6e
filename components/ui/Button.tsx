import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonVariant } from './button-class';

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
