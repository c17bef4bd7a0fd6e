import { Button } from './Button';

/** A dialog form's Cancel and its submit (red for what cannot be undone), stacked on a phone with the submit on top. */
export function FormButtons({
  cancelLabel,
  submitLabel,
  busy,
  onCancel,
  variant = 'primary',
  disabled,
}: {
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  onCancel(): void;
  variant?: 'primary' | 'warn';
  disabled?: boolean;
}) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="plain" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={variant} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
