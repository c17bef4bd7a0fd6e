'use client';

import { cx } from '../ui/cx';

/** A button that reads as a link, for moving between the login, sign-up and reset steps. */
export function DialogLinkButton({ children, onClick, className }: { children: string; onClick(): void; className?: string }) {
  return (
    <button
      type="button"
      // Keeps focus in the form on press: a blur would show a field error above, move
      // this button down and lose the click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cx(
        'rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** "Don't have an account? Sign Up" under the login and sign-up forms. */
export function SwitchDialogLine({ text, action, onClick }: { text: string; action: string; onClick(): void }) {
  return (
    <p className="text-center text-sm text-slate-700">
      {text} <DialogLinkButton onClick={onClick}>{action}</DialogLinkButton>
    </p>
  );
}
