// The page load's main-thread work, traced in Chromium at Lighthouse's mobile CPU slowdown (4×).
// Lighthouse's TBT here swings by 300–500 ms between runs of the same page (bench/README.md);
// these sums over a real trace move far less, so a change of ours shows (bench/HISTORY.md).
import { chromium } from 'playwright';
import { median } from './lib.mjs';

const CPU_SLOWDOWN = 4;
// Each URL's loads, alternated; the median is reported.
const LOADS = 5;
// After `load`: the hydration, the prefetches and the calls a page makes at start are over by then.
const SETTLE_MS = 5000;

/** Busy (every task) and blocking (each task's time beyond 50 ms, TBT's rule) milliseconds of one load. */
async function tracedLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    // The renderer's main thread is the one that parsed the HTML.
    const parser = events.find((event) => event.name === 'ParseHTML');
    const tasks = events
      .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === parser.pid && event.tid === parser.tid)
      .map((event) => event.dur / 1000);
    return { busy: tasks.reduce((sum, ms) => sum + ms, 0), blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0) };
  } finally {
    await context.close();
  }
}

/** LOADS traced loads of each URL, alternated, as medians: { [name]: { busyMs, blockingMs, loads } }. */
export async function mainThreadRuns(urls) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const runs = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
  try {
    for (let round = 0; round < LOADS; round++)
      for (const [name, url] of Object.entries(urls)) runs[name].push(await tracedLoad(browser, url));
  } finally {
    await browser.close();
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, each]) => [
      name,
      {
        busyMs: Math.round(median(each.map((run) => run.busy))),
        blockingMs: Math.round(median(each.map((run) => run.blocking))),
        loads: LOADS,
      },
    ]),
  );
}
