import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, collectConsoleErrors, expectNoAxeViolations } from './fixtures';
import { okApi as call, newCustomerByApi } from './api';
import { strongPassword } from '../support/accounts';
import { texasBilling } from '../support/billing-contacts';
import { testCardPayment, testCards } from '../support/test-cards';
import { pdfText } from '../support/pdf-text';
import { uniqueEmail, waitForMails } from './mail';

/*
 * Billing portal (docs/product/billing.md) after a real purchase with the offline "manual"
 * provider. The purchase runs through the API from the test (the store screens have their
 * own e2e); everything after it runs in the browser.
 *
 * Renewals: the e2e site runs with TEST_HOOKS=on, whose one extra call moves the buyer's
 * subscriptions back until their period has ended and runs the real renewal job
 * (server/services/billing/test-time.ts). What the pages then show comes from the real code.
 */

/** A new customer from the test-only call; the session cookie lands in the page's context. */
async function signUp(page: Page): Promise<string> {
  const email = uniqueEmail('billing');
  await newCustomerByApi(page, email, strongPassword);
  return email;
}

/** Signs up and pays a Texas cart with the manual provider's success card; returns the invoice key. */
async function buyer(
  page: Page,
  items: Record<string, number> = { 'pdf-workshop-pro-monthly': 1 },
  cardNumber: string = testCards.success,
) {
  const email = await signUp(page);
  await call(page, 'PUT', 'store/cart', {
    Items: Object.entries(items).map(([ServiceOfferKey, Quantity]) => ({ ServiceOfferKey, Quantity })),
    BillingInfo: texasBilling,
    IsAddition: false,
  });
  const session = await call<{ Value: string }>(page, 'POST', 'payment/create-manual-session');
  const paid = await call<{ Status: string; SessionId: string }>(
    page,
    'POST',
    'payment/manual/pay',
    testCardPayment(session.Value, cardNumber),
  );
  expect(paid.Status).toBe('complete');
  const done = await call<{ Status: string; InvoiceKey: string }>(page, 'POST', 'payment/manual-return', { Value: paid.SessionId });
  expect(done.Status).toBe('complete');
  return { email, invoiceKey: done.InvoiceKey };
}

const today = () => {
  const now = new Date();
  return `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCDate()).padStart(2, '0')}/${now.getUTCFullYear()}`;
};

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('after a purchase: billing lists it, the invoice is Paid with a real PDF, and the thank-you view opens the app', async ({ page }) => {
  // A purchase, four pages, three axe scans and a download: past 30 s on a loaded CI machine.
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const { email, invoiceKey } = await buyer(page);

  await page.goto('/account/billing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  const subscription = page.getByTestId('subscription-row');
  await expect(subscription).toHaveCount(1);
  await expect(subscription).toContainText('PDF Workshop Pro, monthly');
  await expect(subscription.getByTestId('subscription-state')).toHaveText('Active');
  await expect(subscription).toContainText(today());
  const invoice = page.getByTestId('invoice-row');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('$10.81'); // $9.99 + 8.25 % Texas tax
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Paid');
  await expectNoAxeViolations(page);

  await invoice.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/account/billing/invoice/${invoiceKey}$`));
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('paid-date')).toHaveText(today());
  await expect(page.getByTestId('bill-to')).toContainText('Plano, Texas 75024');
  await expect(page.getByTestId('bill-to')).toContainText(email);
  await expect(page.getByTestId('tax')).toHaveText('$0.82');
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
  await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'DOWNLOAD PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{5}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The buyer got one receipt, with the same invoice attached and a link to its page.
  const number = download.suggestedFilename().slice('invoice-'.length, -'.pdf'.length);
  const [receipt] = await waitForMails(email, /^Receipt/, 1);
  expect(receipt.subject).toBe(`Receipt for your Bluebonnet payment (invoice ${number})`);
  expect(receipt.text).toContain(`/en/account/billing/invoice/${invoiceKey}`);
  expect(receipt.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`invoice-${number}.pdf`, 'application/pdf']]);
  expect(await pdfText(new Uint8Array(Buffer.from(receipt.attachments[0].base64, 'base64')))).toContain(number);

  // Where the payment-return page sends the buyer (docs/product/store.md#payment-return).
  await page.goto(`/account/billing/invoice/${invoiceKey}?payment_successful=true`);
  await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
  const openApp = page.getByRole('link', { name: 'OPEN PDF WORKSHOP APP' });
  await expect(openApp).toHaveAttribute('href', '/apps/pdf');
  await expect(page.getByRole('link', { name: /^OPEN .* APP$/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('cancel: confirm, then Subscription cancelled and Cancelled instead of the renewal date', async ({ page }) => {
  const { email } = await buyer(page, { 'personal-health-plus-monthly': 1 });
  const [subscription] = await call<{ Key: string; NextRenewalDate: string }[]>(page, 'GET', 'license/subscriptions');

  // The billing page's ?subscription_id= opens the subscription (docs/product/billing.md#billing-page).
  await page.goto(`/account/billing?subscription_id=${subscription.Key}`);
  await expect(page).toHaveURL(new RegExp(`/account/billing/subscription/${subscription.Key}$`));
  await expect(page.getByRole('heading', { name: 'Personal Health Plus, monthly' })).toBeVisible();
  await expect(page.getByTestId('subscription-state')).toHaveText('Active');
  await expect(page.getByTestId('next-renewal')).not.toHaveText('Cancelled');
  await expectNoAxeViolations(page);

  const cancel = page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('snackbar')).toContainText('Subscription cancelled');
  await expect(page.getByTestId('next-renewal')).toHaveText('Cancelled');
  // The paid period runs on: the cancel can be undone.
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('button', { name: 'RESUME SUBSCRIPTION' })).toBeEnabled();

  // The server agrees, and so does the billing page after a reload.
  await page.goto('/account/billing');
  await expect(page.getByTestId('subscription-row')).toContainText('Cancelled');
  const [confirmation] = await waitForMails(email, /subscription was cancelled$/, 1);
  expect(confirmation.text).toContain('Personal Health Plus, monthly');
});

test('a renewal run: the old period shows Renewed, the new one Active, with a new paid invoice', async ({ page }) => {
  const { email, invoiceKey } = await buyer(page, { 'personal-health-plus-monthly': 1 });
  expect(await call<{ Renewed: number }>(page, 'POST', 'test/renewal-run')).toEqual({ Renewed: 1 });
  // One receipt for the purchase, one for the renewal.
  const receipts = await waitForMails(email, /^Receipt/, 2);
  expect(receipts.every((receipt) => receipt.attachments.length === 1)).toBe(true);

  await page.goto('/account/billing');
  const subscriptions = page.getByTestId('subscription-row');
  await expect(subscriptions).toHaveCount(2);
  const current = subscriptions.filter({ has: page.getByTestId('subscription-state').getByText('Active', { exact: true }) });
  const renewed = subscriptions.filter({ has: page.getByTestId('subscription-state').getByText('Renewed', { exact: true }) });
  await expect(current).toHaveCount(1);
  await expect(renewed).toHaveCount(1);
  // The new period starts where the old one ended (today) and renews a month later.
  await expect(current).toContainText(today());
  await expect(current).not.toContainText('Renewal Failed!');
  const invoices = page.getByTestId('invoice-row');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.getByTestId('invoice-status')).toHaveText(['Paid', 'Paid']);
  await expectNoAxeViolations(page);

  // The newest invoice comes first: the renewal, $4.99 + 8.25 % Texas tax, paid by the card on file.
  await invoices.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/billing\/invoice\//);
  await expect(page).not.toHaveURL(new RegExp(invoiceKey));
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByText('Personal Health Plus, monthly')).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');

  await page.goBack();
  await renewed.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/billing\/subscription\//);
  await expect(page.getByTestId('subscription-state')).toHaveText('Renewed');
  await expect(page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' })).toBeDisabled();
});

test('a failed renewal: Renewal Failed!, and the renewal invoice waits with Pay Now, which pays it', async ({ page }) => {
  // A purchase, a renewal run, a payment in the browser and four mails: past 30 s on a loaded machine.
  test.setTimeout(60_000);
  const { email } = await buyer(page, { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
  expect(await call<{ Renewed: number }>(page, 'POST', 'test/renewal-run')).toEqual({ Renewed: 1 });
  const [failure] = await waitForMails(email, /renewal payment failed$/, 1);
  expect(failure.text).toContain('$5.40');
  // Besides Pay Now, where to change the card the next renewals charge.
  expect(failure.text).toContain('/account/billing/card');

  await page.goto('/account/billing');
  const subscription = page.getByTestId('subscription-row');
  await expect(subscription).toHaveCount(1);
  await expect(subscription).toContainText('Renewal Failed!');
  await expect(subscription.getByTestId('subscription-state')).toHaveText('Expired');
  const invoices = page.getByTestId('invoice-row');
  await expect(invoices.getByTestId('invoice-status')).toHaveText(['Unpaid Pending', 'Paid']);
  // The unpaid one offers Pay Now in the list too (docs/product/billing.md#invoice-status); the paid one does not.
  await expect(invoices.first().getByRole('link', { name: /^Pay Now/ })).toBeVisible();
  await expect(invoices.last().getByRole('link', { name: /^Pay Now/ })).toHaveCount(0);

  await invoices.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/account\/billing\/invoice\//);
  await expect(page.getByTestId('invoice-status')).toHaveText('Unpaid Pending');
  await expect(page.getByTestId('amount-due')).toHaveText('$5.40');
  await expectNoAxeViolations(page);

  // Pay Now: the checkout of that invoice shows what is due, and a working card pays it.
  await page.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/store\/checkout\?invoice=/);
  await expect(page.getByTestId('amount-due')).toHaveText('$5.40');
  const card = page.getByTestId('manual-checkout');
  await card.getByLabel('Card number').fill(testCards.success);
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'PAY' }).click();
  await expect(page).toHaveURL(/\/account\/billing\/invoice\//, { timeout: 15_000 });
  await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');

  // The purchase and the late payment each sent a receipt.
  await waitForMails(email, /^Receipt/, 2);

  // Paid late, the subscription goes on: the lapsed period shows Renewed, the new one Active.
  await page.goto('/account/billing');
  await expect(subscription.getByTestId('subscription-state')).toHaveText(['Active', 'Renewed']);
  await expect(subscription.filter({ hasText: 'Renewal Failed!' })).toHaveCount(0);
});

test('a reload right after PAY lands on the payment’s result and its invoice, not on the emptied cart', async ({ page }) => {
  await signUp(page);
  await call(page, 'PUT', 'store/cart', {
    Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }],
    BillingInfo: texasBilling,
    IsAddition: false,
  });
  await page.goto('/store/checkout');
  const card = page.getByTestId('manual-checkout');
  await card.getByLabel('Card number').fill(testCards.success);
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('CVC').fill('123');
  // The next page is slow to arrive: its data waits while the buyer reloads.
  let releaseResultPage = () => {};
  const resultPageHeld = new Promise<void>((resolve) => (releaseResultPage = resolve));
  await page.route('**/store/payment-return?**', async (route) => {
    if (route.request().resourceType() !== 'document') await resultPageHeld;
    await route.continue();
  });
  const paid = page.waitForResponse((response) => response.url().endsWith('/api/payment/manual/pay'));
  await card.getByRole('button', { name: 'PAY' }).click();
  expect((await paid).status()).toBe(200);
  await expect(page).toHaveURL(/\/store\/payment-return\?session_id=/);
  await page.reload();
  releaseResultPage();
  await expect(page).toHaveURL(/\/account\/billing\/invoice\/[\w-]+\?payment_successful=true$/, { timeout: 15_000 });
  await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
});

test('?invoice_id= opens the invoice; a foreign or unknown id shows not found', async ({ page, browser }) => {
  const { invoiceKey } = await buyer(page);
  await page.goto(`/account/billing?invoice_id=${invoiceKey}`);
  await expect(page).toHaveURL(new RegExp(`/account/billing/invoice/${invoiceKey}$`));
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await acceptCookies(otherPage);
  await signUp(otherPage);
  await otherPage.goto(`/account/billing/invoice/${invoiceKey}`);
  await expect(otherPage.getByText('This invoice was not found.', { exact: false })).toHaveAttribute('role', 'alert');
  await expectNoAxeViolations(otherPage);
  await otherPage.goto('/account/billing/subscription/00000000-0000-4000-8000-000000000000');
  await expect(otherPage.getByText('This subscription was not found.', { exact: false })).toHaveAttribute('role', 'alert');
  await other.close();
});

test('a new customer sees the empty states, with the way to pricing outside production', async ({ page }) => {
  await signUp(page);
  await page.goto('/account/billing');
  await expect(page.getByText('No subscriptions yet')).toBeVisible();
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/store/pricing');
  await expectNoAxeViolations(page);
});

test('fits a 375 px phone without sideways scrolling of the page', async ({ page }) => {
  const { invoiceKey } = await buyer(page);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/account/billing', `/account/billing/invoice/${invoiceKey}`]) {
    await page.goto(path);
    await expect(page.getByTestId('invoice-status').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
});
