import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

/**
 * A link to an offer's page: an address on another site (an offer may name one) is loaded by
 * the browser; our own pages, the apps' landing pages among them, go through the locale-aware router.
 */
export function AppLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (/^https?:\/\//.test(href)) {
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
