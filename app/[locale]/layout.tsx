import type { Metadata, Viewport } from 'next';
import { getMessages } from 'next-intl/server';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { ConfirmHost } from '@/components/dialogs/ConfirmHost';
import { AppStartup } from '@/components/shell/AppStartup';
import { CookieNotice } from '@/components/shell/CookieNotice';
import { flattenMessages, pickMessages, shellMessagePaths } from '@/components/shell/shell-messages';
import { ShellI18nProvider } from '@/components/shell/shell-i18n';
import { SiteFooter } from '@/components/shell/SiteFooter';
import { SiteHeader } from '@/components/shell/SiteHeader';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { isAppLocale, locales } from '@/i18n/routing';
import { brand } from '@/lib/config';
import '../globals.css';

export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export const metadata: Metadata = {
  metadataBase: new URL(brand.siteUrl),
  applicationName: brand.product,
  // app/favicon.ico adds itself; scripts/make-icons.mjs renders the others from the SVG.
  icons: {
    icon: { url: '/favicon.svg', type: 'image/svg+xml' },
    apple: { url: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
  },
};

export const viewport: Viewport = { themeColor: '#1f43a6', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  const lang = isAppLocale(locale) ? locale : 'en';
  // The shell's texts only: page islands get theirs from IntlMessages; static pages need none.
  const texts = flattenMessages(pickMessages((await getMessages()) as unknown as Record<string, unknown>, shellMessagePaths));
  return (
    // Smooth scrolling (globals.css) is for in-page anchors; with this attribute Next.js turns it
    // off for route changes, so a new page starts at its top at once.
    <html lang={lang} data-scroll-behavior="smooth">
      <body className="flex flex-col font-sans">
        <ShellI18nProvider value={{ locale: lang, texts }}>
          <SiteHeader />
          {/* At least the screen below the header (h-16), so the footer starts below the fold: pages
              whose content loads in the browser grow without pushing a visible footer (CLS). */}
          <main id="main" tabIndex={-1} className="min-h-[calc(100svh-4rem)] focus:outline-none">
            {children}
          </main>
          <SiteFooter />
          <CookieNotice />
          <AuthDialogs />
          <ConfirmHost />
          <SnackbarHost />
          <AppStartup />
        </ShellI18nProvider>
      </body>
    </html>
  );
}
