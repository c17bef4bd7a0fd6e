'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { isProduction } from '@/lib/config';
import { cx } from '../ui/cx';

const items = [
  { href: '/solutions', label: 'solutions', hidden: false },
  { href: '/store/pricing', label: 'pricing', hidden: isProduction },
  { href: '/contact', label: 'contact', hidden: false },
] as const;

/** The top bar's page links; the current page's link is underlined (spec §2). */
export function NavLinks() {
  const t = useTranslations('shell');
  const pathname = usePathname();
  return (
    <>
      {items
        .filter((item) => !item.hidden)
        .map((item) => {
          const current = pathname === item.href || pathname.startsWith(item.href + '/');
          return (
            <Link
              key={item.href}
              href={item.href}
              aria-current={current ? 'page' : undefined}
              className={cx(
                'shrink-0 rounded px-1.5 py-2 text-sm font-medium sm:px-2 text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600',
                current && 'text-brand-800 underline decoration-2 underline-offset-8',
              )}
            >
              {t(item.label)}
            </Link>
          );
        })}
    </>
  );
}
