'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { Link, usePathname } from '@/i18n/navigation';
import type { StaffMe } from '@/lib/contract/admin';
import { adminPaths } from './paths';

type Section =
  | 'overview'
  | 'support'
  | 'customers'
  | 'invoices'
  | 'payments'
  | 'subscriptions'
  | 'owed'
  | 'catalog'
  | 'reports'
  | 'audit'
  | 'staff'
  | 'notifications'
  | 'sessions';

const sections: { key: Section; href: string; ownerOnly?: boolean }[] = [
  { key: 'overview', href: adminPaths.overview },
  { key: 'support', href: adminPaths.support },
  { key: 'customers', href: adminPaths.customers },
  { key: 'invoices', href: adminPaths.invoices },
  { key: 'payments', href: adminPaths.payments },
  { key: 'subscriptions', href: adminPaths.subscriptions },
  { key: 'owed', href: adminPaths.owed },
  { key: 'catalog', href: adminPaths.catalog },
  { key: 'reports', href: adminPaths.reports },
  { key: 'audit', href: adminPaths.audit },
  { key: 'staff', href: adminPaths.staff, ownerOnly: true },
  { key: 'notifications', href: adminPaths.notifications },
  { key: 'sessions', href: adminPaths.sessions },
];

/** Which section a console address belongs to. */
function sectionOf(pathname: string): Section {
  const found = sections.find((section) => section.href !== adminPaths.overview && pathname.startsWith(section.href));
  return found?.key ?? 'overview';
}

/** The console around its screens: who is signed in, the sections, the way back to the site. */
export function ConsoleShell({ me, children }: { me: StaffMe; children: ReactNode }) {
  const t = useTranslations('admin.nav');
  const pathname = usePathname();
  const current = sectionOf(pathname);
  return (
    <div className="page-width flex flex-col gap-6 py-6 lg:flex-row lg:gap-10 lg:py-10">
      <aside className="flex shrink-0 flex-col gap-4 lg:w-52">
        <div className="flex flex-col gap-0.5">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{t('title')}</p>
          <p className="truncate text-sm text-slate-700" title={me.EmailAddress} data-testid="staff-email">
            {me.EmailAddress}
          </p>
          <p className="text-xs text-slate-600">{t(`role.${me.Role}`)}</p>
        </div>
        <nav aria-label={t('label')}>
          <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
            {sections
              .filter((section) => !section.ownerOnly || me.Role === 'owner')
              .map((section) => (
                <li key={section.key} className="shrink-0">
                  <Link
                    href={section.href}
                    aria-current={current === section.key ? 'page' : undefined}
                    className={cx(
                      'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                      current === section.key ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    {t(section.key)}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <Link
          href="/"
          className="text-sm text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden>←</span> {t('backToSite')}
        </Link>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
