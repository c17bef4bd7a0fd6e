import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/i18n/language-choice';
import { locales, type AppLocale } from '@/i18n/routing';
import { brand } from './config';
import type en from '@/messages/en.json';

export type PageKey = Exclude<keyof typeof en.meta, 'titleTemplate'>;

export function absoluteUrl(locale: AppLocale, path: string, origin: string = brand.siteUrl): string {
  return new URL(localizedPath(locale, path), origin).toString();
}

/**
 * SITE_URL as the running server has it, for what is rendered per request (the sitemap,
 * robots.txt); static pages keep the origin they were built with (brand.siteUrl).
 */
export function runtimeSiteUrl(): string {
  const configured = process.env.SITE_URL;
  return configured ? new URL(configured).origin : brand.siteUrl;
}

/** Title '{product} - {title}' and description (docs/product/pages.md#page-titles-and-descriptions), with canonical and hreflang alternates. */
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
