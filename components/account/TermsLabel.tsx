'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

/** "I agree to the Terms of Service and the Privacy Policy", each a link opening in a new tab (sign-up, staff invitation). */
export function TermsLabel() {
  const t = useTranslations('account.signup');
  const newTabLink = (href: string) =>
    function NewTabLink(chunks: ReactNode) {
      return (
        <Link href={href} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
          {chunks}
          <span className="sr-only"> {t('newTab')}</span>
        </Link>
      );
    };
  return <>{t.rich('terms', { terms: newTabLink('/legal/terms-of-service'), privacy: newTabLink('/legal/privacy-policy') })}</>;
}
