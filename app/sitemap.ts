import type { MetadataRoute } from 'next';
import { locales, type AppLocale } from '@/i18n/routing';
import { isProduction } from '@/lib/config';
import { absoluteUrl as absoluteIn, runtimeSiteUrl } from '@/lib/seo';

/** The public pages search engines should know (docs/product/languages-and-routing.md#routes); hidden pages stay out in production. */
const publicPages: { path: string; priority: number; shown: boolean }[] = [
  { path: '/', priority: 1, shown: true },
  { path: '/solutions', priority: 0.8, shown: true },
  { path: '/solutions/consulting', priority: 0.9, shown: true },
  { path: '/solutions/pdf', priority: 0.6, shown: !isProduction },
  { path: '/solutions/health', priority: 0.6, shown: !isProduction },
  { path: '/solutions/talent', priority: 0.4, shown: true },
  { path: '/store/pricing', priority: 0.7, shown: !isProduction },
  { path: '/contact', priority: 0.8, shown: true },
  { path: '/legal', priority: 0.3, shown: true },
  { path: '/legal/terms-of-service', priority: 0.3, shown: true },
  { path: '/legal/privacy-policy', priority: 0.3, shown: true },
  { path: '/legal/cookie-policy', priority: 0.3, shown: true },
];

// Rendered per request, so a changed SITE_URL needs no new build.
export const dynamic = 'force-dynamic';

/** Every page in every language, each entry naming its translations (hreflang). */
export default function sitemap(): MetadataRoute.Sitemap {
  const origin = runtimeSiteUrl();
  const absoluteUrl = (locale: AppLocale, path: string) => absoluteIn(locale, path, origin);
  return publicPages
    .filter((page) => page.shown)
    .flatMap((page) => {
      const languages = Object.fromEntries(locales.map((locale) => [locale, absoluteUrl(locale, page.path)]));
      return locales.map((locale) => ({
        url: absoluteUrl(locale, page.path),
        changeFrequency: 'monthly' as const,
        priority: page.priority,
        alternates: { languages: { ...languages, 'x-default': absoluteUrl('en', page.path) } },
      }));
    });
}
