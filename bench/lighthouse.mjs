// Lighthouse (mobile defaults) driving Debian's Chromium, one fresh browser per run. One run's
// performance score on this machine can be off by up to 30 points (bench/README.md), so each page
// is measured RUNS times and reported by Lighthouse's own median run (the run closest to the
// median FCP and TTI), with the spread of the performance scores beside it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const RUNS = 3;

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    return (
      await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
    ).lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

export async function lighthouseRuns(site, paths, locales) {
  const out = [];
  for (const locale of locales) {
    for (const pathname of paths) {
      const url = `${site}${locale === 'en' ? '' : `/${locale}`}${pathname === '/' && locale !== 'en' ? '' : pathname}`;
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseRun(url));
      const lhr = computeMedianRun(runs);
      const performances = runs.map((each) => score(each, 'performance'));
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      out.push({
        url: url.replace(site, '') || '/',
        runs: RUNS,
        performance: score(lhr, 'performance'),
        performanceRange: [Math.min(...performances), Math.max(...performances)],
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        failing,
      });
    }
  }
  return out;
}
