import { expect, test, type Page } from '@playwright/test';
import accountDe from '../../messages/account/de.json';
import accountEn from '../../messages/account/en.json';
import apiEn from '../../messages/api/en.json';
import commonDe from '../../messages/de.json';
import commonEn from '../../messages/en.json';
import { newCustomerByApi } from './api';
import { acceptCookies, collectConsoleErrors, expectNoAxeViolations } from './fixtures';
import { mailsTo, uniqueEmail, waitForCode } from './mail';

const password = 'Secret123';
const texts = accountEn.account.restoreEmail;

/** The restore link in the latest mail to the old address that says the login address was changed. */
async function restoreLinkMailedTo(address: string, after: number): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const notice = (await mailsTo(address))
          .filter((mail) => mail.at > after && mail.subject.includes('login address was changed'))
          .at(-1);
        link = notice?.text.match(/https?:\/\/\S+\/restore-email\?token=[\w-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

async function changeEmailInSettings(page: Page, newEmail: string) {
  await page.goto('/account/settings');
  const section = page.getByRole('region', { name: 'Email / User name' });
  await section.getByLabel('New email address').fill(newEmail);
  await section.getByLabel('Current password', { exact: true }).fill(password);
  const sentAfter = Date.now() - 1;
  await section.getByRole('button', { name: 'UPDATE' }).click();
  await section.getByLabel('Verification code').fill(await waitForCode(newEmail, sentAfter));
  await section.getByRole('button', { name: 'UPDATE' }).click();
  await expect(page.getByTestId('current-user-name')).toHaveText(newEmail);
}

test.beforeEach(async ({ page }) => acceptCookies(page));

test('the link mailed to the old address restores it, ends the session and lets the old address log in', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('restore');
  const newEmail = uniqueEmail('taken-over');
  await page.goto('/');
  await newCustomerByApi(page, email, password);

  const changedAfter = Date.now() - 1;
  await changeEmailInSettings(page, newEmail);
  const link = await restoreLinkMailedTo(email, changedAfter);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(commonEn.pages.restoreEmail.heading);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText(texts.intro)).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard: the button takes the focus and Enter presses it.
  const button = page.getByRole('button', { name: texts.submit });
  await button.focus();
  await page.keyboard.press('Enter');
  const success = texts.success.replace('{email}', email);
  await expect(page.getByRole('status').filter({ hasText: success })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: success })).toBeFocused();
  // The spent token leaves the address bar; the session that made the change is over.
  await expect(page).toHaveURL(/\/restore-email$/);
  await expect(page.getByTestId('account-menu')).not.toContainText(newEmail);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: texts.login }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByTestId('account-menu')).toContainText(email);
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByTestId('current-user-name')).toHaveText(email);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page.locator('#main').getByRole('alert')).toHaveText(apiEn.api.restoreLinkInvalid);
  expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
});

test('without a token the page says the link is incomplete, in German too', async ({ page }) => {
  await page.goto('/de/restore-email');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(commonDe.pages.restoreEmail.heading);
  await expect(page.locator('#main').getByRole('alert')).toHaveText(accountDe.account.restoreEmail.noToken);
  await expect(page.getByRole('button', { name: accountDe.account.restoreEmail.submit })).toHaveCount(0);
});
