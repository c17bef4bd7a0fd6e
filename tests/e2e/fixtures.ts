import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const product = 'Bluebonnet';

/**
 * Fails the test on any axe violation of WCAG 2.1 A/AA, with the label-in-name check (2.5.3)
 * that axe still ships switched off as experimental.
 *
 * Axe scans in the page itself (legacy mode): by default it opens a blank page per scan to merge
 * the frames' results there, which took most of each scan's time. Legacy mode cannot scan a
 * frame from another origin, so a scanned page must have none; it still scans its own origin's.
 * Only the results that fail the test are collected.
 */
export async function expectNoAxeViolations(page: Page) {
  const origin = new URL(page.url()).origin;
  // A frame without an address of its own takes its parent's origin.
  const scannable = (url: string) =>
    url === 'about:blank' || url === 'about:srcdoc' || (URL.canParse(url) && new URL(url).origin === origin);
  const foreignFrames = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => !scannable(url));
  expect(foreignFrames, 'frames axe cannot scan in legacy mode').toEqual([]);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Collects console errors so a page can be checked for none. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Marks the cookie notice as answered so it does not cover the page. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem('cookie.consent', JSON.stringify({ timestamp: new Date().toISOString(), app: 'website' }));
  });
}

export interface LayoutShift {
  value: number;
  /** Every element it moved is in the site header. */
  inHeader: boolean;
}

/** The page's layout shifts so far that no input caused (what CLS sums), as the browser reports them, after 500 ms more. */
export function layoutShiftsSoFar(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
        const shifts: LayoutShift[] = [];
        const inHeader = (node: Node | null) => !!(node instanceof Element ? node : node?.parentElement)?.closest('header');
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (!entry.hadRecentInput)
              shifts.push({ value: entry.value, inHeader: entry.sources.every((source) => inHeader(source.node)) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shifts), 500);
      }),
  );
}

/** Their sum: the page's CLS so far. */
export async function layoutShiftSoFar(page: Page): Promise<number> {
  return (await layoutShiftsSoFar(page)).reduce((sum, shift) => sum + shift.value, 0);
}

/**
 * Waits until the page guards its unsaved changes: a form reports itself changed once its
 * validation has run (the schema loads on first use), and only then does leaving ask.
 */
export async function expectLeavingGuarded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const leaving = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      }),
    )
    .toBe(true);
}
