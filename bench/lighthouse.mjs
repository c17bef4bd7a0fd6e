// Lighthouse (mobile defaults) driving Debian's Chromium, one fresh browser per page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export async function lighthouseRuns(site, paths, locales) {
  const out = [];
  for (const locale of locales) {
    for (const pathname of paths) {
      const url = `${site}${locale === 'en' ? '' : `/${locale}`}${pathname === '/' && locale !== 'en' ? '' : pathname}`;
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      try {
        const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const failing = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary').map((audit) => audit.id);
        out.push({
          url: url.replace(site, '') || '/',
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
          failing,
        });
      } finally {
        await chrome.kill();
      }
    }
  }
  return out;
}
