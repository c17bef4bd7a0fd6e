import { render } from '@testing-library/react';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { PathnameContext, SearchParamsContext } from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import accountDe from '@/messages/account/de.json';
import accountEn from '@/messages/account/en.json';
import accountRu from '@/messages/account/ru.json';
import billingDe from '@/messages/billing/de.json';
import billingEn from '@/messages/billing/en.json';
import billingRu from '@/messages/billing/ru.json';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

export const messages = {
  en: { ...en, ...accountEn, ...billingEn },
  de: { ...de, ...accountDe, ...billingDe },
  ru: { ...ru, ...accountRu, ...billingRu },
};
export type TestLocale = keyof typeof messages;

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
          <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="UTC">
            {ui}
          </NextIntlClientProvider>
        </SearchParamsContext.Provider>
      </PathnameContext.Provider>
    </AppRouterContext.Provider>,
  );
}
