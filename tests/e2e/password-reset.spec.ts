import { expect, test } from '@playwright/test';
import accountDe from '../../messages/account/de.json';
import commonDe from '../../messages/de.json';
import { newCustomerByApi } from './api';
import { acceptCookies, collectConsoleErrors, expectNoAxeViolations } from './fixtures';
import { mailsTo, uniqueEmail } from './mail';

const texts = accountDe.account;

/** The reset link in the latest mail to the address sent after `after`. */
async function resetLinkMailedTo(address: string, after: number): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).filter((sent) => sent.at > after).at(-1);
        link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

test.beforeEach(async ({ page }) => acceptCookies(page));

test('a customer who forgot the password gets back in through the mailed link, in German', async ({ page, context }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('reset');
  await page.goto('/de');
  await newCustomerByApi(page, email, 'Secret123');
  // A German customer: the account's calls from a German page keep its language for mail.
  await page.goto('/de/account/settings');
  await expect(page.getByTestId('current-user-name')).toHaveText(email);
  await context.clearCookies();

  await page.goto('/de?login=/account/settings');
  await page.getByRole('dialog', { name: texts.login.title }).getByRole('button', { name: texts.login.forgotPassword }).click();
  const dialog = page.getByRole('dialog', { name: texts.forgotPassword.title });
  await dialog.getByLabel(texts.forgotPassword.email).fill(email);
  const sentAfter = Date.now() - 1;
  await dialog.getByRole('button', { name: texts.forgotPassword.submit }).click();
  await expect(dialog.getByRole('status')).toContainText(email);
  const link = await resetLinkMailedTo(email, sentAfter);
  expect(link).toContain('/de/reset-password?token=');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(commonDe.pages.resetPassword.heading);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByLabel(texts.resetPassword.newPassword, { exact: true }).fill('Neuanfang2026');
  await page.getByLabel(texts.resetPassword.repeatPassword).fill('Neuanfang2026');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: texts.resetPassword.submit }).click();

  await expect(page).toHaveURL(/\/de\/account\/settings$/);
  await expect(page.getByText(texts.resetPassword.done)).toBeVisible();
  await expect(page.getByTestId('current-user-name')).toHaveText(email);
  expect(errors).toEqual([]);
});
