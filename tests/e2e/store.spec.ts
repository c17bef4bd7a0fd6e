import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, newCustomerByApi } from './api';
import { acceptCookies, collectConsoleErrors, expectLeavingGuarded, expectNoAxeViolations } from './fixtures';
import { uniqueEmail, waitForCode } from './mail';
import { stripeSiteUrl, stubStripeJs } from './stripe-stub';

const password = 'Secret123';
const invoiceUrl = /\/account\/billing\/invoice\/[0-9a-f-]{36}\?payment_successful=true$/;

/** A logged-in buyer whose cart holds one yearly plan, with or without the Texas billing address. */
async function buyerWithCart(page: Page, baseUrl = '', { billing = true } = {}) {
  await acceptCookies(page);
  await page.goto(`${baseUrl}/store/pricing`);
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await newCustomerByApi(page, uniqueEmail('buyer'), password);
  const cart = await callApi(page, 'PUT', 'store/cart', {
    Items: [{ ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }],
    BillingInfo: billing
      ? { Name: 'Ann Buyer', Address1: '1 Legacy Dr', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US' }
      : null,
    IsAddition: false,
  });
  expect(cart.status).toBe(200);
}

/** Fills the billing contact with a Texas address (8.25 % sales tax). */
async function fillTexasBilling(page: Page) {
  const billing = page.getByRole('region', { name: 'Billing contact' });
  await billing.getByLabel('Name').fill('Ann Buyer');
  await billing.getByLabel('Address line 1').fill('1 Legacy Dr');
  await billing.getByLabel('City').fill('Plano');
  await billing.getByLabel('Postal code').fill('75024');
  await billing.getByLabel('Country').selectOption('US');
  await billing.getByLabel('State').selectOption('TX');
}

/** $99.00 plus 8.25 % Texas tax ($8.17) is $107.17. */
async function expectTexasTotals(page: Page) {
  await expect(page.getByTestId('cart-tax')).toHaveText('$8.17', { timeout: 10_000 });
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$99.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$107.17');
}

/** Presses Tab until `target` has the focus: proof that the keyboard alone reaches it. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test.describe('store with the manual (offline) provider', () => {
  test('the whole purchase: pricing → login → cart → billing → tax → checkout → test card → invoice', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectConsoleErrors(page);
    await acceptCookies(page);
    await page.goto('/store/pricing');
    const yearly = page.getByRole('article', { name: 'PDF Workshop Pro, yearly' });
    await expect(yearly.getByText('Only $99.00')).toBeVisible();
    await expect(yearly.getByText('Save $21')).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'PDF Workshop Free' }).getByRole('link', { name: 'START PDF Workshop Free' }),
    ).toHaveAttribute('href', '/apps/pdf');
    await expect(page.getByRole('link', { name: 'VIEW CART' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Logged out, ADD TO CART opens the login; a new customer signs up from there.
    await yearly.getByRole('button', { name: 'ADD TO CART' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await login.getByRole('button', { name: 'Sign Up' }).click();
    const signup = page.getByRole('dialog', { name: 'Sign up for new account' });
    const email = uniqueEmail('store');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(password);
    await signup.getByLabel('Repeat password').fill(password);
    await signup.getByRole('checkbox').check();
    const sentAfter = Date.now() - 1;
    await signup.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await signup.getByLabel('Verification code').fill(await waitForCode(email, sentAfter));
    await signup.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(signup).toBeHidden();
    await expect(page).toHaveURL(/\/store\/pricing$/);

    // The item the login interrupted is added without a second click.
    await expect(page.getByTestId('snackbar')).toContainText('Item added to cart');
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.getByRole('link', { name: 'VIEW CART' }).click();

    await expect(page).toHaveURL(/\/store\/cart$/);
    const line = page.getByRole('row', { name: /PDF Workshop Pro, yearly/ });
    await expect(line).toContainText('$99.00');
    await expect(line.getByRole('textbox', { name: 'Quantity of PDF Workshop Pro, yearly' })).toHaveValue('1');
    await expect(page.getByTestId('cart-tax')).toHaveText('address required');
    const checkout = page.getByRole('button', { name: 'SECURE CHECKOUT' });
    await expect(checkout).toBeDisabled();
    await expectNoAxeViolations(page);

    await fillTexasBilling(page);
    await expect(page.getByTestId('cart-tax')).toHaveText(/not calculated|calculating/);
    await expectTexasTotals(page);
    await expect(checkout).toBeEnabled();
    await checkout.click();

    await expect(page).toHaveURL(/\/store\/checkout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
    await expect(page.getByText(/By paying you agree to our Terms of Service/)).toBeVisible();
    await expect(page.getByText('The amount is charged in US dollars (USD).')).toBeVisible();
    await expect(page.getByTestId('amount-due')).toHaveText('$107.17');
    const card = page.getByTestId('manual-checkout');
    await expect(card.getByText('TEST MODE')).toBeVisible();
    await expectNoAxeViolations(page);
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/30');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'PAY' }).click();

    await expect(page).toHaveURL(invoiceUrl, { timeout: 15_000 });
    await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('pricing → login → add to cart → cart, with the keyboard alone', async ({ page }) => {
    test.setTimeout(60_000);
    await acceptCookies(page);
    await page.goto('/store/pricing');
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    const email = uniqueEmail('keys');
    await newCustomerByApi(page, email, password);
    await callApi(page, 'PUT', 'auth/logout');
    await page.reload();
    const yearly = page.getByRole('article', { name: 'PDF Workshop Pro, yearly' });
    await tabTo(page, yearly.getByRole('button', { name: 'ADD TO CART' }));
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', { name: 'Login' });
    await tabTo(page, login.getByLabel('Email'));
    await page.keyboard.type(email);
    await tabTo(page, login.getByLabel('Password', { exact: true }));
    await page.keyboard.type(password);
    await tabTo(page, login.getByRole('button', { name: 'SIGN IN' }));
    await page.keyboard.press('Enter');
    await expect(login).toBeHidden();
    // The item the login interrupted is added without a second press.
    await expect(page.getByTestId('snackbar')).toContainText('Item added to cart');
    // The focus came back to the button, which kept it while busy with the call.
    await expect(yearly.getByRole('button', { name: 'ADD TO CART' })).toBeFocused();
    await tabTo(page, page.getByRole('link', { name: 'VIEW CART' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/store\/cart$/);
    await expect(page.getByRole('row', { name: /PDF Workshop Pro, yearly/ })).toBeVisible();
  });

  test('a declined card shows the decline and stays for another try — all with the keyboard', async ({ page }) => {
    test.setTimeout(60_000);
    await buyerWithCart(page, '', { billing: false });
    await page.goto('/store/cart');
    await expect(page.getByTestId('cart-tax')).toHaveText('address required');

    // The billing contact, by keyboard only: Tab to a field, type; a select takes typed letters.
    const billing = page.getByRole('region', { name: 'Billing contact' });
    await tabTo(page, billing.getByLabel('Name'));
    await page.keyboard.type('Ann Buyer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 Legacy Dr');
    await tabTo(page, billing.getByLabel('City'));
    await page.keyboard.type('Plano');
    await page.keyboard.press('Tab');
    await page.keyboard.type('75024');
    await page.keyboard.press('Tab');
    await expect(billing.getByLabel('Country')).toBeFocused();
    await page.keyboard.type('United States of America');
    await expect(billing.getByLabel('Country')).toHaveValue('US');
    await page.keyboard.press('Tab');
    await expect(billing.getByLabel('State')).toBeFocused();
    await page.keyboard.type('Texas');
    await expect(billing.getByLabel('State')).toHaveValue('TX');
    await expectTexasTotals(page);
    await tabTo(page, page.getByRole('button', { name: 'SECURE CHECKOUT' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/store\/checkout$/);
    const card = page.getByTestId('manual-checkout');
    await tabTo(page, card.getByLabel('Card number'));
    await page.keyboard.type('4000 0000 0000 0002');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/30');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expect(card.getByRole('alert')).toHaveText('The card was declined.');
    await expect(page).toHaveURL(/\/store\/checkout$/);

    await card.getByLabel('Card number').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(invoiceUrl, { timeout: 15_000 });
  });

  test('the cart asks before a link leaves a billing contact that cannot be saved yet, and keeps it when the buyer stays', async ({
    page,
  }) => {
    await buyerWithCart(page, '', { billing: false });
    await page.goto('/store/cart');
    const quantity = page.getByRole('textbox', { name: 'Quantity of PDF Workshop Pro, yearly' });
    await quantity.fill('3');
    // Quantities are saved without a billing contact (docs/product/store.md#cart-and-tax).
    await expect(page.getByTestId('cart-subtotal')).toHaveText('$297.00', { timeout: 10_000 });
    const name = page.getByRole('region', { name: 'Billing contact' }).getByLabel('Name');
    await name.fill('Ann Buyer');
    // A contact without its address cannot be saved, so leaving would lose it.
    await expectLeavingGuarded(page);
    await page.getByRole('link', { name: 'Add other products' }).click();
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/store\/cart$/);
    await expect(name).toHaveValue('Ann Buyer');
    await fillTexasBilling(page);
    // $297.00 at 8.25 % = $24.50
    await expect(page.getByTestId('cart-tax')).toHaveText('$24.50', { timeout: 10_000 });
    // Saved: the link leaves without a question.
    await page.getByRole('link', { name: 'Add other products' }).click();
    await expect(page).toHaveURL(/\/store\/pricing$/);
  });

  test('cart saves keep their order on a slow network, and an item added in another tab stays and shows', async ({ page }) => {
    await buyerWithCart(page);
    await page.goto('/store/cart');
    await expectTexasTotals(page);
    // The first save is held back, as on a slow mobile network.
    let held = false;
    let firstSaveSent!: () => void;
    const firstSaveHeld = new Promise<void>((resolve) => (firstSaveSent = resolve));
    let releaseFirstSave!: () => void;
    const firstSaveReleased = new Promise<void>((resolve) => (releaseFirstSave = resolve));
    await page.route('**/api/store/cart', async (route) => {
      if (route.request().method() === 'PUT' && !held) {
        held = true;
        firstSaveSent();
        await firstSaveReleased;
      }
      await route.continue();
    });
    const quantity = page.getByRole('textbox', { name: 'Quantity of PDF Workshop Pro, yearly' });
    await quantity.fill('3');
    await firstSaveHeld;
    // Meanwhile another tab adds an item (the same account's API call).
    expect(
      (
        await callApi(page, 'PUT', 'store/cart', {
          Items: [{ ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 1 }],
          IsAddition: true,
        })
      ).status,
    ).toBe(200);
    // The second change comes while the first save is still on its way.
    await quantity.fill('7');
    releaseFirstSave();
    await expect(page.getByRole('textbox', { name: 'Quantity of Personal Health Plus, monthly' })).toHaveValue('1', { timeout: 15_000 });
    await expect(page.getByTestId('cart-subtotal')).toHaveText('$697.99');
    const saved = await callApi<{ LineItems: { Key: string; Quantity: number }[] }>(page, 'GET', 'store/cart');
    expect(saved.body.LineItems.map((line) => [line.Key, line.Quantity])).toEqual([
      ['pdf-workshop-pro-yearly', 7],
      ['personal-health-plus-monthly', 1],
    ]);
  });

  // The form error texts come with the pages that have forms (and with the login dialogs), not
  // with every page's shell: the cart, the checkout and the settings each show theirs.
  test('the cart, the checkout and the settings show their field errors, in English and German', async ({ page }) => {
    test.setTimeout(60_000);
    await buyerWithCart(page);
    const languages = [
      {
        prefix: '',
        billing: 'Billing contact',
        required: 'Required',
        expiry: 'Expiry (MM/YY)',
        badExpiry: 'Enter the expiry as MM/YY',
        newPassword: 'New password',
        tooShort: 'Must be at least 8 characters',
      },
      {
        prefix: '/de',
        billing: 'Rechnungskontakt',
        required: 'Pflichtfeld',
        expiry: 'Gültig bis (MM/JJ)',
        badExpiry: 'Geben Sie das Ablaufdatum als MM/JJ ein',
        newPassword: 'Neues Passwort',
        tooShort: 'Mindestens 8 Zeichen erforderlich',
      },
    ];
    /** Types into a field and leaves it, so its error shows (dirty or touched, docs/product/validation.md#how-fields-are-judged). */
    const enter = async (field: Locator, text: string) => {
      await field.fill(text);
      await field.blur();
    };
    for (const language of languages) {
      await page.goto(`${language.prefix}/store/cart`);
      const billing = page.getByRole('region', { name: language.billing });
      await expect(billing.getByLabel('Name')).toHaveValue('Ann Buyer');
      await enter(billing.getByLabel('Name'), '');
      await expect(billing.getByText(language.required, { exact: true })).toBeVisible();

      await page.goto(`${language.prefix}/store/checkout`);
      const card = page.getByTestId('manual-checkout');
      await enter(card.getByLabel(language.expiry), '13/99');
      await expect(card.getByText(language.badExpiry)).toBeVisible();

      await page.goto(`${language.prefix}/account/settings`);
      await enter(page.getByLabel(language.newPassword, { exact: true }), 'Ab1');
      await expect(page.getByText(language.tooShort)).toBeVisible();
    }
  });
});

test.describe('store with Stripe (fake Stripe API, stubbed Stripe.js)', () => {
  // The stub mounts its form in the page itself, where the page's CSP (connect-src 'self' and
  // Stripe's hosts) would block its call to the fake server; the real form lives in Stripe's iframe.
  test.use({ bypassCSP: true });

  test('the same purchase through Embedded Checkout', async ({ page }) => {
    test.setTimeout(60_000);
    await stubStripeJs(page);
    await buyerWithCart(page, stripeSiteUrl(), { billing: false });
    await page.goto(`${stripeSiteUrl()}/store/pricing`);
    await expect(page.getByRole('link', { name: 'VIEW CART' })).toBeVisible();
    await page.getByRole('link', { name: 'VIEW CART' }).click();
    await expect(page).toHaveURL(/\/store\/cart$/);
    await fillTexasBilling(page);
    await expectTexasTotals(page);
    await page.getByRole('button', { name: 'SECURE CHECKOUT' }).click();

    await expect(page).toHaveURL(/\/store\/checkout$/);
    await expect(page.getByTestId('amount-due')).toHaveText('$107.17');
    await expect(page.getByTestId('manual-checkout')).toHaveCount(0);
    // The same order open in a second tab, with a checkout session of its own.
    const secondTab = await page.context().newPage();
    await stubStripeJs(secondTab);
    await secondTab.goto(`${stripeSiteUrl()}/store/checkout`);
    await expect(secondTab.getByRole('button', { name: 'Pay with Stripe (test)' })).toBeVisible();
    await page.bringToFront();
    await page.getByRole('button', { name: 'Pay with Stripe (test)' }).click();
    await expect(page).toHaveURL(invoiceUrl, { timeout: 15_000 });
    await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    // Back in the second tab (headless tabs are all visible: the switch's event is sent by hand), it says the order is paid.
    await secondTab.bringToFront();
    await secondTab.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(secondTab.getByRole('alert').filter({ hasText: 'This order has already been paid in another window.' })).toBeVisible();
    await expect(secondTab.getByRole('button', { name: 'Pay with Stripe (test)' })).toHaveCount(0);
    await secondTab.getByRole('link', { name: 'View invoice' }).click();
    await expect(secondTab).toHaveURL(`${stripeSiteUrl()}${new URL(page.url()).pathname}`);
  });
});
