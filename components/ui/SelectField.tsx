import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** Already translated; shown only when given. */
  error?: string;
  /** The first, empty choice ("Select …"). */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled native select (keyboard and screen readers for free) with its error wired up. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, placeholder, options, className, id, ...select },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={cx(
          'w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
          error ? 'border-warn-600' : 'border-slate-300',
        )}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="text-sm text-warn-700">
          {error}
        </p>
      )}
    </div>
  );
});
