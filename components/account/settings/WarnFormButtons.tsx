import { Button } from '@/components/ui/Button';

/** A settings dialog's Cancel and its red submit, stacked on a phone with the submit on top. */
export function WarnFormButtons({
  cancelLabel,
  submitLabel,
  busy,
  onCancel,
}: {
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  onCancel(): void;
}) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="plain" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="warn" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
