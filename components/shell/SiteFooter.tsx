import { getTranslations } from 'next-intl/server';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { appVersion, brand } from '@/lib/config';

const links = [
  { href: '/', label: 'footerHome' },
  { href: '/legal/terms-of-service', label: 'footerTerms' },
  { href: '/legal/privacy-policy', label: 'footerPrivacy' },
  { href: '/legal/cookie-policy', label: 'footerCookies' },
  { href: '/contact', label: 'footerContact' },
] as const;

export async function SiteFooter() {
  const t = await getTranslations('shell');
  // Static pages are rendered at build time, so "current year" is the build's year.
  const year = new Date().getUTCFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 py-8 text-sm text-slate-700">
      <div className="page-width flex flex-col gap-4">
        <nav aria-label={t('footerNavigation')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="hover:text-brand-700 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p data-testid="copyright">
          {t('copyright', { year, company: brand.company, statement: t('legalStatement', { company: brand.company }) })}{' '}
          {/* One piece: it wrapped at the date's hyphen ("(2025-10-" / "26)"). */}
          <span className="whitespace-nowrap">{t('version', { version: appVersion })}</span>
        </p>
      </div>
    </footer>
  );
}
