'use client';

/** "Don't have an account? Sign Up" under the login and sign-up forms. */
export function SwitchDialogLine({ text, action, onClick }: { text: string; action: string; onClick(): void }) {
  return (
    <p className="text-center text-sm text-slate-700">
      {text}{' '}
      <button
        type="button"
        // Keeps focus in the form on press: a blur would show a field error above, move
        // this button down and lose the click.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        className="rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {action}
      </button>
    </p>
  );
}
