import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { AdminConsole } from '@/components/admin/AdminConsole';
import { QueryProvider } from '@/components/data/QueryProvider';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths, pickMessages } from '@/components/shell/shell-messages';
import { isAppLocale } from '@/i18n/routing';

/** The console's words, and those of the shared parts it shows (status badges, the password field, the billing form). */
const consoleMessagePaths = [
  'admin',
  'store.cart',
  'billing.invoiceStatus',
  'billing.subscriptionState',
  'billing.renewal',
  'billing.subscriptionName',
  'account.password',
  'account.settings.sessions',
  'shell.languages',
] as const;

export async function generateMetadata({ params }: LayoutProps<'/[locale]/admin'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isAppLocale(locale) ? locale : 'en', namespace: 'admin.meta' });
  // Staff only: never in a search engine (next.config.ts also sends X-Robots-Tag: noindex).
  return { title: { default: t('title'), template: t('titleTemplate') }, robots: { index: false, follow: false } };
}

/**
 * The operator console (staff and owners). Its pages are client islands behind the gate in
 * AdminConsole; next-intl's own client provider carries the console's messages.
 */
export default async function AdminLayout({ children }: LayoutProps<'/[locale]/admin'>) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, consoleMessagePaths)}>
      <PageTexts paths={formMessagePaths}>
        <QueryProvider>
          <AdminConsole>{children}</AdminConsole>
        </QueryProvider>
      </PageTexts>
    </NextIntlClientProvider>
  );
}
