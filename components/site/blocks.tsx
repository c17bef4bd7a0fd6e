import type { ReactNode } from 'react';
import { cx } from '../ui/cx';
import { Icon, type IconName } from './icons';

/** The top of an inner page: its one h1, a lead paragraph and optional actions. */
export function PageIntro({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
      <div className="page-width py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-700">{lead}</p>}
        {children && <div className="mt-8 flex flex-wrap items-center gap-3">{children}</div>}
      </div>
    </div>
  );
}

const tones = {
  plain: 'bg-white',
  muted: 'bg-slate-50 border-y border-slate-200',
} as const;

/** A band of the page with its h2; `id` also names the heading for the section's label. */
export function Section({
  id,
  heading,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  heading: ReactNode;
  intro?: ReactNode;
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cx('py-14 sm:py-16', tones[tone])}>
      <div className="page-width">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {heading}
        </h2>
        {intro && <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-600">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A card with an icon, an h3 title and a short text. */
export function FeatureCard({
  icon,
  title,
  children,
  className,
}: {
  icon: IconName;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col card', className)}>
      <span className="card-icon">
        <Icon name={icon} />
      </span>
      <h3 className="card-title">{title}</h3>
      <div className="card-text">{children}</div>
    </div>
  );
}

export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={cx('space-y-3', className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
            <Icon name="check" className="size-4" />
          </span>
          <span className="leading-relaxed text-slate-800">{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The dark call-to-action panel that closes a page. */
export function CallToAction({
  heading,
  text,
  note,
  children,
  id = 'call-to-action',
}: {
  heading: ReactNode;
  text: ReactNode;
  note?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="page-width pt-14 sm:pt-16">
      <div className="flex flex-col gap-6 rounded-2xl bg-brand-800 px-6 py-10 text-white shadow-lg sm:px-10 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {heading}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-brand-100">{text}</p>
          {note && <div className="mt-4 text-brand-100">{note}</div>}
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}
