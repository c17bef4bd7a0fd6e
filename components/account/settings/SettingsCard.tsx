import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';

/**
 * One section of the settings page, named by its heading for screen readers: the heading
 * and its notes beside the form on wide screens, above it on narrow ones.
 */
export function SettingsCard({
  title,
  aside,
  danger = false,
  children,
}: {
  title: string;
  aside?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        'grid gap-5 rounded-lg border bg-white p-6 shadow-sm md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-10',
        danger ? 'border-warn-600/50' : 'border-slate-200',
      )}
    >
      <div className="flex flex-col gap-3">
        <h2 id={headingId} className={cx('text-xl font-semibold', danger ? 'text-warn-700' : 'text-slate-900')}>
          {title}
        </h2>
        {aside}
      </div>
      <div>{children}</div>
    </section>
  );
}

/** A quiet help or rules note beside a form. */
export function InfoPanel({ children }: { children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="mt-0.5 size-5 shrink-0 text-brand-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 11v6M12 7.5v.01" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

/** The UPDATE button under a section's fields, disabled while the section saves. */
export function UpdateButton({ saving, label }: { saving: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" busy={saving}>
        {label}
      </Button>
    </div>
  );
}
