import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isAppLocale } from '@/i18n/routing';
import type en from '@/messages/admin/en.json';

type ConsolePage = Exclude<keyof typeof en.admin.meta, 'title' | 'titleTemplate'>;

/**
 * `export const generateMetadata = consoleTitle('support')`: the page's title in the console's
 * template ("Support inbox · Operator console"), written out whole, since a layout's template
 * does not reach a page of its own segment (the overview).
 */
export function consoleTitle(page: ConsolePage) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const { locale } = await params;
    const t = await getTranslations({ locale: isAppLocale(locale) ? locale : 'en', namespace: 'admin.meta' });
    return { title: { absolute: t('titleTemplate').replace('%s', t(page)) } };
  };
}
