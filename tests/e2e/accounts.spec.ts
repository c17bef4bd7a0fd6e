import { expect, test, type Locator, type Page } from '@playwright/test';
import accountDe from '../../messages/account/de.json';
import accountEn from '../../messages/account/en.json';
import accountRu from '../../messages/account/ru.json';
import commonDe from '../../messages/de.json';
import commonEn from '../../messages/en.json';
import commonRu from '../../messages/ru.json';
import { newCustomerByApi } from './api';
import { acceptCookies, collectConsoleErrors, expectLeavingGuarded, expectNoAxeViolations, layoutShiftsSoFar } from './fixtures';
import { uniqueEmail, waitForCode } from './mail';

const messages = {
  en: { ...commonEn, ...accountEn },
  de: { ...commonDe, ...accountDe },
  ru: { ...commonRu, ...accountRu },
};
type Locale = keyof typeof messages;
const prefixed = (locale: Locale, path: string) => (locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`);

const password = 'Secret123';

const snackbar = (page: Page) => page.getByTestId('snackbar');

async function openAccountMenuItem(page: Page, name: string) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name }).click();
}

/** Sign-up through the dialog, reading the code from the mail the site sent (docs/product/accounts.md#sign-up-with-a-code). */
async function signUp(page: Page, email: string, locale: Locale = 'en', { axe = false } = {}) {
  const m = messages[locale];
  await openAccountMenuItem(page, m.shell.signUp);
  const dialog = page.getByRole('dialog', { name: m.account.signup.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(m.account.signup.code)).toHaveCount(0);
  await dialog.getByLabel(m.account.signup.email).fill(email);
  await dialog.getByLabel(m.account.signup.password, { exact: true }).fill(password);
  await dialog.getByLabel(m.account.signup.repeatPassword).fill(password);
  await dialog.getByRole('checkbox').check();
  const sentAfter = Date.now() - 1;
  await dialog.getByRole('button', { name: m.account.signup.submit }).click();
  // News, not an error: the code was mailed.
  const notice = dialog.getByRole('status').filter({ hasText: email });
  await expect(notice).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const code = dialog.getByLabel(m.account.signup.code);
  await expect(code).toBeFocused();
  // The content scrolls beyond 65vh: the notice, the code field and the button to send the
  // code are all in view, none cut by the scroll box.
  await expect(notice).toBeInViewport({ ratio: 1 });
  await expect(code).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: m.account.signup.submit })).toBeInViewport({ ratio: 1 });
  if (axe) await expectNoAxeViolations(page);
  await code.fill(await waitForCode(email, sentAfter));
  await dialog.getByRole('button', { name: m.account.signup.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(snackbar(page)).toContainText(m.snack.welcome);
}

/** A customer made by the test-only call, signed in on the page the browser then loads again. */
async function signedInCustomer(page: Page, email: string) {
  await newCustomerByApi(page, email, password);
  await page.reload();
}

async function fillLogin(dialog: Locator, email: string, secret = password) {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(secret);
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
}

async function logOut(page: Page) {
  await openAccountMenuItem(page, 'Logout');
  const confirm = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(confirm).toContainText('Are you sure you want to end this session?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(snackbar(page)).toContainText('Session ended');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth.session'))).toBe('false');
}

test.beforeEach(async ({ page }) => acceptCookies(page));

/** A whole account's story (a mailed sign-up, several steps and accessibility scans) takes 23–31 s on a busy machine. */
const accountStoryTimeout = 60_000;

test.describe('accounts in English', () => {
  test('sign up with the mailed code, log out, log in', async ({ page }) => {
    test.setTimeout(accountStoryTimeout);
    const errors = collectConsoleErrors(page);
    const email = uniqueEmail('signup');
    await page.goto('/');
    await signUp(page, email, 'en', { axe: true });
    await expect(page.getByTestId('account-menu')).toContainText(email);
    expect(await page.evaluate(() => localStorage.getItem('auth.session'))).toBe('true');

    await logOut(page);

    await openAccountMenuItem(page, 'Login');
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolations(page);
    await fillLogin(login, email, 'Wrong12345');
    await expect(login.getByRole('alert')).toContainText('The email address or password is not correct.');
    await fillLogin(login, email);
    await expect(login).toBeHidden();
    await expect(snackbar(page)).toContainText('Welcome!');
    await expect(page.getByTestId('account-menu')).toContainText(email);
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
  });

  test('the sign-up form tabs field by field, errors appearing on the way, without losing the focus to the dialog', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    await openAccountMenuItem(page, 'Sign Up');
    const dialog = page.getByRole('dialog', { name: 'Sign up for new account' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
    // Leaving the empty password shows its error: the show/hide toggle still gets the focus.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Show password' }).first()).toBeFocused();
    await expect(dialog.getByText('Required').first()).toBeVisible();
  });

  test('the guard sends /account/billing to the login and back after it', async ({ page }) => {
    const email = uniqueEmail('guard');
    await page.goto('/');
    await signedInCustomer(page, email);
    await logOut(page);

    await page.goto('/account/billing');
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/); // the ?login= parameter is gone
    await fillLogin(login, email);
    // The greeting shows at the login and lasts two seconds, which a loaded machine can spend on loading the next page.
    await expect(snackbar(page)).toContainText('Welcome!');
    await expect(page).toHaveURL(/\/account\/billing$/);
  });

  test('pages whose content loads in the browser move nothing below the header, on a phone', async ({ page }) => {
    // The footer stood at the bottom of the screen while they loaded; settings then pushed it
    // away with a CLS of 0.29–0.37. The header's links still move when the cart icon appears.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await newCustomerByApi(page, uniqueEmail('shift'), password);
    for (const path of ['/account/settings', '/account/billing', '/store/cart', '/store/pricing']) {
      await page.goto(path);
      await expect(page.locator('[role="status"] .animate-spin'), `${path} still loading`).toHaveCount(0);
      expect(
        (await layoutShiftsSoFar(page)).filter((shift) => !shift.inHeader),
        path,
      ).toEqual([]);
    }
  });

  test('settings: change email with a code, password and display name', async ({ page }) => {
    test.setTimeout(accountStoryTimeout);
    const email = uniqueEmail('settings');
    const newEmail = uniqueEmail('renamed');
    await page.goto('/');
    await signedInCustomer(page, email);
    await page.goto('/account/settings');

    const emailSection = page.getByRole('region', { name: 'Email / User name' });
    await expect(page.getByTestId('current-user-name')).toHaveText(email);
    await expect(emailSection).toContainText('Your email address is your login user name.');
    await expectNoAxeViolations(page);

    // Email: the code goes to the new address.
    await expect(emailSection.getByLabel('Verification code')).toHaveCount(0);
    await emailSection.getByLabel('New email address').fill(email);
    await emailSection.getByRole('button', { name: 'UPDATE' }).click();
    await expect(emailSection.getByText('Same as current email address')).toBeVisible();
    await emailSection.getByLabel('New email address').fill(newEmail);
    await emailSection.getByLabel('Current password', { exact: true }).fill(password);
    const sentAfter = Date.now() - 1;
    await emailSection.getByRole('button', { name: 'UPDATE' }).click();
    await expect(emailSection.getByRole('status').filter({ hasText: newEmail })).toBeVisible();
    await emailSection.getByLabel('Verification code').fill(await waitForCode(newEmail, sentAfter));
    await emailSection.getByRole('button', { name: 'UPDATE' }).click();
    await expect(snackbar(page)).toContainText('Email address updated');
    await expect(page.getByTestId('current-user-name')).toHaveText(newEmail);
    await expect(emailSection.getByLabel('New email address')).toHaveValue('');
    await expect(emailSection.getByLabel('Current password', { exact: true })).toHaveValue('');
    await expect(emailSection.getByLabel('Verification code')).toHaveCount(0);

    // Password.
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('Current password', { exact: true }).fill(password);
    await passwordSection.getByLabel('New password', { exact: true }).fill('Changed2026');
    await passwordSection.getByLabel('Repeat new password', { exact: true }).fill('Changed2026');
    await passwordSection.getByRole('button', { name: 'UPDATE' }).click();
    await expect(snackbar(page)).toContainText('Password updated');
    await expect(passwordSection.getByLabel('Current password', { exact: true })).toHaveValue('');

    // Display name: the account menu shows it instead of the address.
    const nameSection = page.getByRole('region', { name: 'Display name' });
    await nameSection.getByLabel('Display name (optional)').fill('Ann Tester');
    await nameSection.getByRole('button', { name: 'UPDATE' }).click();
    await expect(snackbar(page)).toContainText('Display name updated');
    await expect(page.getByTestId('account-menu')).toContainText('Ann Tester');

    // The new address and password are the login now.
    await logOut(page);
    await openAccountMenuItem(page, 'Login');
    const login = page.getByRole('dialog', { name: 'Login' });
    await fillLogin(login, newEmail, 'Changed2026');
    await expect(login).toBeHidden();
    await expect(page.getByTestId('account-menu')).toContainText('Ann Tester');
  });

  test('No to the logout question returns the focus to the account menu button, every time', async ({ page }) => {
    await page.goto('/');
    await signedInCustomer(page, uniqueEmail('logout-no'));
    // The first time the question loads on use, after the menu has closed; from then on it opens
    // while the menu item still has the focus, and that item is gone once the menu closes.
    for (let round = 1; round <= 2; round++) {
      await page.getByTestId('account-menu').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('End');
      // Radix moves the focus for End in a timer, and Chromium handles a queued key before it:
      // like a person, wait to see Logout highlighted before pressing Enter.
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
      await page.keyboard.press('Enter');
      const question = page.getByRole('dialog', { name: 'Confirm Logout' });
      await question.getByRole('button', { name: 'No' }).focus();
      await page.keyboard.press('Enter');
      await expect(question).toHaveCount(0);
      await expect(page.getByTestId('account-menu')).toBeFocused();
    }
  });

  test('switching Login ⇄ Sign up keeps the focus in the new dialog, with no error shown yet', async ({ page }) => {
    // Consent first: an init script reaches only the pages loaded after it, and a cookie notice
    // that arrives with its code while the dialog is open may take the click meant for it.
    await acceptCookies(page);
    await page.goto('/');
    await openAccountMenuItem(page, 'Login');
    await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Sign Up' }).click();
    const signup = page.getByRole('dialog', { name: 'Sign up for new account' });
    await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
    await expect(signup.getByLabel('Email')).toBeFocused();
    await expect(signup.getByText('Required')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(signup.getByLabel('Password', { exact: true })).toBeFocused();
    await signup.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(signup).toHaveCount(0);
    await expect(login.getByLabel('Email')).toBeFocused();
    await expect(login.getByText('Required')).toHaveCount(0);
  });

  test('unsaved changes: Back within the site asks too, and the draft stays', async ({ page }) => {
    await page.goto('/');
    await signedInCustomer(page, uniqueEmail('unsaved-back'));
    // Reached by a link, so Back stays in this document (Back to another document gets the browser's own question).
    await openAccountMenuItem(page, 'Settings');
    await expect(page).toHaveURL(/\/account\/settings$/);
    const displayName = page.getByRole('region', { name: 'Display name' }).getByLabel('Display name (optional)');
    await displayName.fill('Draft');
    await expectLeavingGuarded(page);
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await page.evaluate(() => window.history.back());
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(displayName).toHaveValue('Draft');
    // The browser's own Back this time: it completes once the question is answered.
    const back = page.goBack();
    await question.getByRole('button', { name: 'Yes' }).click();
    await back;
    await expect(page).toHaveURL(/\/$/);
  });

  test('delete account: asks for the password, schedules deletion, ends the session; a login within the grace period cancels it', async ({
    page,
  }) => {
    test.setTimeout(accountStoryTimeout);
    await page.goto('/');
    const email = uniqueEmail('leaving');
    await signedInCustomer(page, email);
    await page.goto('/account/settings');
    const deleteButton = page.getByRole('button', { name: 'DELETE MY ACCOUNT', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    // A keyboard user who backs out is where they were, not at the top of the page.
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Current password')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await deleteButton.click();
    await expect(dialog.getByLabel('Current password')).toBeFocused();
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(530);
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Current password').fill('Wrong12345');
    await dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The current password is not correct.');
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'DELETE MY ACCOUNT NOW!' }).click();
    await expect(snackbar(page)).toContainText('Your account was successfully scheduled to be deleted.');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('auth.session'))).toBe('false');
    // Coming back within the grace period keeps the account, and says so.
    await openAccountMenuItem(page, 'Login');
    const login = page.getByRole('dialog', { name: 'Login' });
    await fillLogin(login, email);
    await expect(login).toBeHidden();
    await expect(snackbar(page)).toContainText('Welcome back! Your account is no longer scheduled for deletion.');
  });
});

for (const locale of ['de', 'ru'] as const) {
  test(`smoke in ${locale}: the settings page`, async ({ page }) => {
    const m = messages[locale];
    const email = uniqueEmail(`smoke-${locale}`);
    await page.goto(prefixed(locale, '/'));
    await signedInCustomer(page, email);
    await page.goto(prefixed(locale, '/account/settings'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    for (const title of [
      m.account.settings.email.title,
      m.account.settings.password.title,
      m.account.settings.displayName.title,
      m.account.settings.danger.title,
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByTestId('current-user-name')).toHaveText(email);
    await expect(page.getByRole('button', { name: m.account.settings.danger.delete, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
