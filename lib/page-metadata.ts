import { isAppLocale } from '@/i18n/routing';
import { pageMetadata, type PageKey } from './seo';

/** `export const generateMetadata = metadataFor('contact', '/contact')` in a page file. */
export function metadataFor(page: PageKey, path: string, options: { index?: boolean } = {}) {
  return async ({ params }: { params: Promise<{ locale: string }> }) => {
    const { locale } = await params;
    return pageMetadata(isAppLocale(locale) ? locale : 'en', page, path, options);
  };
}
