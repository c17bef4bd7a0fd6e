import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/i18n/language-choice';
import { locales, type AppLocale } from '@/i18n/routing';
import { brand } from './config';
import type en from '@/messages/en.json';

export type PageKey = Exclude<keyof typeof en.meta, 'titleTemplate'>;

export function absoluteUrl(locale: AppLocale, path: string): string {
  return new URL(localizedPath(locale, path), brand.siteUrl).toString();
}

/** Spec §1 title '{product} - {title}' and description, with canonical and hreflang alternates. */
export async function pageMetadata(locale: AppLocale, page: PageKey, path: string, options: { index?: boolean } = {}): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'meta' });
  const title = t('titleTemplate', { product: brand.product, title: t(`${page}.title`) });
  const description = t(`${page}.description`) || undefined;
  const languages = Object.fromEntries(locales.map((other) => [other, absoluteUrl(other, path)]));
  return {
    title,
    description,
    alternates: { canonical: absoluteUrl(locale, path), languages: { ...languages, 'x-default': absoluteUrl('en', path) } },
    openGraph: { title, description, url: absoluteUrl(locale, path), siteName: brand.product, locale, type: 'website' },
    twitter: { card: 'summary', title, description },
    robots: options.index === false ? { index: false, follow: false } : undefined,
  };
}
