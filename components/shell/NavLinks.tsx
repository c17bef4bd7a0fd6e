'use client';

import Link from 'next/link';
import { isProduction } from '@/lib/config';
import { useLocalePath, useShellPathname, useShellText } from './shell-i18n';

const items = [
  { href: '/solutions', label: 'solutions', hidden: false },
  { href: '/store/pricing', label: 'pricing', hidden: isProduction },
  { href: '/contact', label: 'contact', hidden: false },
] as const;

/** The top bar's page links; the current page's link is underlined (docs/product/pages.md#shell). */
export function NavLinks() {
  const t = useShellText();
  const pathname = useShellPathname();
  const localePath = useLocalePath();
  return (
    <>
      {items
        .filter((item) => !item.hidden)
        .map((item) => {
          const current = pathname === item.href || pathname.startsWith(item.href + '/');
          return (
            <Link
              key={item.href}
              href={localePath(item.href)}
              aria-current={current ? 'page' : undefined}
              // Not cx: every page's first load carries this, and clsx would come with it.
              className={current ? 'nav-link text-brand-800 underline decoration-2 underline-offset-8' : 'nav-link'}
            >
              {t(`shell.${item.label}`)}
            </Link>
          );
        })}
    </>
  );
}
