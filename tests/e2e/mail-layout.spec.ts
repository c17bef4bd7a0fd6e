import { expect, test } from '@playwright/test';
import { renderSample } from '../../server/email/samples';
import type { EmailKind } from '../../server/email/templates';

/*
 * The mail layout as a mail client's browser engine draws it, at a phone's width and a
 * desktop's: nothing runs off the side, the button is a readable size, and the screenshots are
 * kept under the test output to be looked at.
 */

const shown: [EmailKind, 'en' | 'de' | 'ru'][] = [
  ['receipt', 'en'],
  ['renewalFailed', 'de'],
  ['signupCode', 'ru'],
];

for (const [kind, language] of shown) {
  test(`mail ${kind} (${language}) fits 390 px and 1280 px`, async ({ page }, testInfo) => {
    const mail = await renderSample(kind, language, 'https://shop.example');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(mail.html);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (kind !== 'signupCode') {
        const button = await page.getByRole('link').first().boundingBox();
        expect(button?.height).toBeGreaterThanOrEqual(40);
      }
      await page.screenshot({ path: testInfo.outputPath(`${kind}-${language}-${width}.png`), fullPage: true });
    }
  });
}
