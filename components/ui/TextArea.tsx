import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, error, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cx(
          'min-h-32 w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-brand-600',
          error ? 'border-warn-600' : 'border-slate-300',
        )}
        {...props}
      />
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-warn-700">
          {error}
        </p>
      )}
    </div>
  );
});
