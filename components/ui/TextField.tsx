import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** Already translated; shown only when given (the form decides when, docs/product/validation.md#how-fields-are-judged). */
  error?: string;
  hint?: ReactNode;
  /** Something inside the field's right edge, such as a show-password toggle. */
  trailing?: ReactNode;
  multiline?: false;
}

/** A labelled input with its error and hint wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, className, id, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = (error ? `${inputId}-error` : hint && `${inputId}-hint`) || undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(
            'w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
            error ? 'border-warn-600' : 'border-slate-300',
            trailing ? 'pr-12' : undefined,
          )}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-warn-700">
          {error}
        </p>
      )}
      {/* Hidden, not removed, while an error shows: a node removed as the focus moves on makes
          a dialog's focus trap (Radix) pull the focus back to the dialog (it sees <body> focused). */}
      {hint && (
        <p id={`${inputId}-hint`} hidden={Boolean(error)} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
});
