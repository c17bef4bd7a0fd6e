import { isHostedApp } from '@/lib/portal-paths';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

/**
 * A link to an offer's page: the sub-apps under /apps/ are separate sites, so the browser
 * loads them itself; our own pages go through the locale-aware router.
 */
export function AppLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (isHostedApp(href) || /^https?:\/\//.test(href)) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
