import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import packageJson from './package.json';
import { defaultLocaleRewrites, localeRedirects, throughRedirectRoute, trailingSlashRedirect, type Redirect } from './i18n/route-rules';
import { MAX_BODY_BYTES } from './lib/contract/http';
import { securityHeaders } from './lib/security-headers';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** SITE_URL as the build sees it; local builds link to the default `npm start` address. */
const builtSiteUrl = () => new URL(process.env.SITE_URL || 'http://localhost:3000').origin;

export default function config(phase: string): NextConfig {
  // The version is substituted at build time; development shows DEV (docs/product/pages.md#version-line).
  const version = phase === PHASE_PRODUCTION_BUILD ? `${packageJson.version} (${packageJson.releaseDate})` : '';
  return withNextIntl({
    distDir: process.env.NEXT_DIST_DIR || '.next',
    reactStrictMode: true,
    poweredByHeader: false,
    // `npm test` builds for its browser tests right after its own `tsc --noEmit` of the same files.
    typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
    // Next.js copies a request's body for the proxy (proxy.ts) before it runs, 10 MB by
    // default; the portal pages take none, and the API's limit is this one.
    experimental: { proxyClientMaxBodySize: MAX_BODY_BYTES },
    serverExternalPackages: ['@electric-sql/pglite', 'pdfkit', 'fontkit'],
    env: {
      NEXT_PUBLIC_APP_VERSION: version,
      NEXT_PUBLIC_PRODUCTION: process.env.NEXT_PUBLIC_PRODUCTION === 'false' ? 'false' : 'true',
      // The origin the static pages' canonical and hreflang links are rendered with (lib/config.ts).
      NEXT_PUBLIC_SITE_URL: builtSiteUrl(),
    },
    // Next's default widths go up to 3840 px; our largest source is 1600 px wide (the hero
    // artwork), and wider variants would be the same pixels under more srcset entries.
    images: { formats: ['image/avif', 'image/webp'], deviceSizes: [640, 750, 828, 1080, 1200, 1600] },
    // Only for the development server. In production the site server presets the same headers
    // on every answer (server/site-guard.ts), Next.js's own included, and Next.js would test each
    // rule on every request again; single pages' own headers come from proxy.ts.
    async headers() {
      return phase === PHASE_DEVELOPMENT_SERVER ? securityHeaders({ production: false, development: true }) : [];
    },
    // No redirects() and no trailing-slash redirect of Next.js's own: both would answer without
    // the headers of headers(). The same rules go through the redirect route (i18n/route-rules.ts).
    skipTrailingSlashRedirect: true,
    async rewrites() {
      const redirects: Redirect[] = [
        trailingSlashRedirect,
        ...localeRedirects(),
        // /account opens settings and /store opens pricing, in every locale (docs/product/languages-and-routing.md#routes).
        { source: '/account', destination: '/account/settings', permanent: false },
        { source: '/:locale(de|ru)/account', destination: '/:locale/account/settings', permanent: false },
        { source: '/store', destination: '/store/pricing', permanent: false },
        { source: '/:locale(de|ru)/store', destination: '/:locale/store/pricing', permanent: false },
      ];
      // The page rewrites come after the files of public/, so images and icons are served as they are.
      return { beforeFiles: throughRedirectRoute(redirects), afterFiles: defaultLocaleRewrites(), fallback: [] };
    },
  });
}
