import type { ReactNode } from 'react';
import { cx } from '../ui/cx';

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Left out below 600 px, where the row repeats it in its first cell (see `phoneOnly`). */
  wide?: boolean;
}

/**
 * A captioned table that scrolls sideways inside its own box on narrow screens; the box is
 * a named, focusable group so keyboard users can scroll it too (WCAG 2.1.1). A group, not a
 * region: the section around it is already the landmark of that name.
 */
export function DataTable({
  caption,
  columns,
  children,
  label,
}: {
  caption: string;
  label: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 print:overflow-visible print:shadow-none"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cx(
                  'px-3 py-3 sm:px-4 sm:whitespace-nowrap',
                  column.numeric && 'text-right',
                  column.wide && 'hidden sm:table-cell',
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

const base = 'px-3 py-3 align-top text-slate-800 sm:px-4';

/** Cell styles: text wraps; dates stay on one line; amounts line up on the right. */
export const cells = {
  text: base,
  date: cx(base, 'whitespace-nowrap tabular-nums'),
  amount: cx(base, 'text-right whitespace-nowrap tabular-nums'),
  /** A column marked `wide`. */
  wide: 'hidden sm:table-cell',
  /** What the `wide` columns said, under the first cell's text on phones only. */
  phoneOnly: 'mt-1 block text-xs font-normal text-slate-600 tabular-nums sm:hidden',
} as const;
