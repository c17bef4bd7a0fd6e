import { getTranslations } from 'next-intl/server';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { brand, isProduction } from '@/lib/config';
import { AccountMenu } from './AccountMenu';
import { CartLink } from './CartLink';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';

const headerEnd = 'site-header-end';

export async function SiteHeader() {
  const t = await getTranslations('shell');
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* React puts this in the head: no frame is drawn before the header's end marker (below)
          is parsed. Drawn half parsed (a slow device, a packet ending inside it), the header
          grew leftwards link by link and shifted (CLS). Chromium only; others ignore it. */}
      <link rel="expect" href={`#${headerEnd}`} blocking="render" />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <div className="page-width flex h-16 items-center gap-1 sm:gap-2">
        <Link
          href="/"
          aria-label={t('homeLink', { product: brand.product })}
          className="mr-auto flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Logo className="size-8" />
          <span className="text-lg font-bold tracking-tight text-brand-900 max-sm:sr-only">{brand.product}</span>
        </Link>
        <nav aria-label={t('mainNavigation')} className="flex min-w-0 items-center overflow-x-auto sm:gap-1">
          <NavLinks />
        </nav>
        <CartLink />
        {!isProduction && <LanguageMenu />}
        <AccountMenu />
      </div>
      <span id={headerEnd} hidden />
    </header>
  );
}
