import { render } from '@testing-library/react';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { PathnameContext, SearchParamsContext } from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import { QueryProvider } from '@/components/data/QueryProvider';
import { flattenMessages, pickMessages, shellMessagePaths } from '@/components/shell/shell-messages';
import { ShellI18nProvider } from '@/components/shell/shell-i18n';
import accountDe from '@/messages/account/de.json';
import accountEn from '@/messages/account/en.json';
import accountRu from '@/messages/account/ru.json';
import billingDe from '@/messages/billing/de.json';
import billingEn from '@/messages/billing/en.json';
import billingRu from '@/messages/billing/ru.json';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import storeDe from '@/messages/store/de.json';
import storeEn from '@/messages/store/en.json';
import storeRu from '@/messages/store/ru.json';

export const messages = {
  en: { ...en, ...accountEn, ...billingEn, ...storeEn },
  de: { ...de, ...accountDe, ...billingDe, ...storeDe },
  ru: { ...ru, ...accountRu, ...billingRu, ...storeRu },
};
export type TestLocale = keyof typeof messages;

/**
 * The browser dictionary: the layout's shell texts, plus every other text, as a page that
 * adds its island's texts (PageTexts) would give them.
 */
const shellTexts = (locale: TestLocale) => ({
  ...flattenMessages(messages[locale] as unknown as Record<string, unknown>),
  ...flattenMessages(pickMessages(messages[locale] as unknown as Record<string, unknown>, shellMessagePaths)),
});

/**
 * The App Router's own contexts with a router that only records where it was sent, so
 * components that navigate render outside Next (not a stub of our code: Next provides these).
 */
export const routerCalls: { method: 'push' | 'replace'; href: string }[] = [];
const testRouter: AppRouterInstance = {
  back() {},
  forward() {},
  refresh() {},
  prefetch() {},
  push: (href) => void routerCalls.push({ method: 'push', href }),
  replace: (href) => void routerCalls.push({ method: 'replace', href }),
  bfcacheId: '_b_0_',
};

export function renderWithIntl(ui: ReactElement, locale: TestLocale = 'en', { pathname = '/', search = '' } = {}) {
  return render(
    <AppRouterContext.Provider value={testRouter}>
      <PathnameContext.Provider value={pathname}>
        <SearchParamsContext.Provider value={new URLSearchParams(search)}>
          <ShellI18nProvider value={{ locale, texts: shellTexts(locale) }}>
            <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="UTC">
              {/* What the portal, store and console layouts put around their islands. */}
              <QueryProvider>{ui}</QueryProvider>
            </NextIntlClientProvider>
          </ShellI18nProvider>
        </SearchParamsContext.Provider>
      </PathnameContext.Provider>
    </AppRouterContext.Provider>,
  );
}
