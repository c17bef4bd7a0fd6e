import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const product = 'Bluebonnet';

/** Fails the test on any axe violation of WCAG 2.1 A/AA. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
