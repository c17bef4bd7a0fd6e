import type { MetadataRoute } from 'next';
import { localizedPath } from '@/i18n/language-choice';
import { locales } from '@/i18n/routing';
import { runtimeSiteUrl } from '@/lib/seo';

/** Login-required pages (docs/product/languages-and-routing.md#routes), the payment return and the API are not for search engines. */
const privatePaths = ['/account', '/store/cart', '/store/checkout', '/store/payment-return', '/app/', '/api/'];

// Rendered per request, so a changed SITE_URL needs no new build.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      // In every language: '/account', '/de/account', '/ru/account', …
      disallow: locales.flatMap((locale) => privatePaths.map((path) => localizedPath(locale, path))),
    },
    sitemap: new URL('/sitemap.xml', runtimeSiteUrl()).toString(),
  };
}
