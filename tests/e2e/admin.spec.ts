import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { acceptCookies, collectConsoleErrors, expectNoAxeViolations } from './fixtures';
import { callApi, okApi, newCustomerByApi } from './api';
import { strongPassword } from '../support/accounts';
import { texasBilling } from '../support/billing-contacts';
import { testCardPayment, testCards } from '../support/test-cards';
import { uniqueEmail, waitForMails } from './mail';

/*
 * The operator console as an owner uses it, against the real backend. The e2e site runs with
 * TEST_HOOKS=on, whose staff-role call does what `npm run staff` does on a server (the site
 * holds the embedded database's lock, so the command cannot run beside it).
 */

const offerKey = 'consulting-architecture-review';

async function signedUp(page: Page, label: string): Promise<string> {
  await acceptCookies(page);
  await page.goto('/');
  const email = uniqueEmail(label);
  await newCustomerByApi(page, email, strongPassword);
  return email;
}

/** A new account made owner, its authenticator enrolled through the API (the first test enrols through the screens). */
async function owner(page: Page): Promise<string> {
  const email = await signedUp(page, 'owner');
  await okApi(page, 'POST', 'test/staff-role', { Role: 'owner' });
  const enrolment = await okApi<{ Secret: string }>(page, 'GET', 'admin/second-factor/enrolment');
  await okApi(page, 'POST', 'admin/second-factor/enrolment', { Code: await generate({ secret: enrolment.Secret }) });
  return email;
}

/** A customer in a browser of their own. */
async function customer(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signedUp(page, 'customer');
  return { page, email, close: () => context.close() };
}

/** Pays a cart of these items with the offline provider's success card; returns the invoice key. */
async function buy(page: Page, items: Record<string, number>): Promise<string> {
  await okApi(page, 'PUT', 'store/cart', {
    Items: Object.entries(items).map(([ServiceOfferKey, Quantity]) => ({ ServiceOfferKey, Quantity })),
    BillingInfo: texasBilling,
    IsAddition: false,
  });
  const session = await okApi<{ Value: string }>(page, 'POST', 'payment/create-manual-session');
  const paid = await okApi<{ SessionId: string }>(page, 'POST', 'payment/manual/pay', testCardPayment(session.Value, testCards.success));
  return (await okApi<{ InvoiceKey: string }>(page, 'POST', 'payment/manual-return', { Value: paid.SessionId })).InvoiceKey;
}

async function openCustomer(page: Page, email: string) {
  await page.goto('/admin/customers');
  await page.getByLabel('Email, name or invoice number').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  // The navigation has finished once the page has its title: during a client-side navigation
  // the document is for a moment without one, which axe reports (seen in a CI run).
  await expect(page).toHaveTitle('Customer · Operator console');
}

test('an owner enrols an authenticator app, and every console page passes axe', async ({ page }, testInfo) => {
  // Every console section, each checked by axe and photographed.
  test.slow();
  const errors = collectConsoleErrors(page);
  await signedUp(page, 'owner');
  await okApi(page, 'POST', 'test/staff-role', { Role: 'owner' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Six-digit code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Open the console' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const pages = [
    ['Overview', 'overview'],
    ['Support', 'support'],
    ['Customers', 'customers'],
    ['Invoices', 'invoices'],
    ['Payments', 'payments'],
    ['Subscriptions', 'subscriptions'],
    ['Money owed', 'owed'],
    ['Catalog', 'catalog'],
    ['Reports', 'reports'],
    ['Audit log', 'audit'],
    ['Staff', 'staff'],
    ['My devices', 'sessions'],
    ['My notifications', 'notifications'],
  ] as const;
  for (const [link, name] of pages) {
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
    // The audit log holds the enrolment.
    if (name === 'audit') {
      await expect(page.getByTestId('audit-entry').first()).toBeVisible();
      // It fits a 1280 px screen: nothing to scroll sideways.
      const table = page.getByRole('table');
      expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0);
    }
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`admin-${name}.png`), fullPage: true });
  }
  expect(errors).toEqual([]);
});

test('the console does not exist for a customer, and the sitemap leaves it out', async ({ page, request }) => {
  await signedUp(page, 'customer');
  expect((await callApi(page, 'GET', 'admin/me')).status).toBe(404);
  // The site's own not-found page, in the page's language, inside its header and footer.
  await page.goto('/de/admin');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toHaveCount(0);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/admin');
});

test('an owner answers a support message, and the reply reaches the sender', async ({ page, browser }, testInfo) => {
  await owner(page);
  const sender = await customer(browser);
  await okApi(sender.page, 'POST', 'support/message', {
    FullName: 'Ann Operator-Test',
    EmailAddress: sender.email,
    Phone: '',
    Message: 'Can you review our architecture?',
  });
  await page.goto('/admin/support');
  await page.getByRole('link', { name: 'Ann Operator-Test' }).first().click();
  await expect(page.getByTestId('support-message')).toContainText('Can you review our architecture?');
  await expect(page).toHaveTitle('Support message · Operator console');
  await expectNoAxeViolations(page);
  await page.getByLabel('Your reply').fill('Gladly: we can start next week.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-support-thread.png'), fullPage: true });
  // The reply is the sender's only mail: the test account was made without a code.
  const [mail] = await waitForMails(sender.email, /./, 1).then((mails) => mails.filter((m) => m.text.includes('we can start next week')));
  expect(mail.text).toContain('Can you review our architecture?');
  await sender.close();
});

test('an owner voids an unpaid invoice and refunds part of a paid one; the customer sees both', async ({ page, browser }, testInfo) => {
  // Two accounts, a purchase and two invoices' pages in both browsers.
  test.slow();
  await owner(page);
  const buyer = await customer(browser);
  const paidKey = await buy(buyer.page, { 'pdf-workshop-pro-monthly': 1 });
  // A second cart taken to checkout and left unpaid: its invoice waits, unpaid.
  await okApi(buyer.page, 'PUT', 'store/cart', {
    Items: [{ ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 1 }],
    BillingInfo: texasBilling,
    IsAddition: false,
  });
  await okApi(buyer.page, 'POST', 'payment/create-manual-session');
  const invoices = await okApi<{ Key: string; FullyPaidDate: string | null; InvoiceNumber: string }[]>(
    buyer.page,
    'GET',
    'billing/invoices',
  );
  const unpaid = invoices.find((invoice) => !invoice.FullyPaidDate)!;
  const paid = invoices.find((invoice) => invoice.Key === paidKey)!;

  await openCustomer(page, buyer.email);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('admin-customer.png'), fullPage: true });
  await page.getByRole('link', { name: unpaid.InvoiceNumber }).click();
  await page.getByRole('button', { name: 'Void' }).click();
  await page.getByRole('dialog').getByLabel('Reason (optional, the customer sees it)').fill('Ordered by mistake');
  await page.getByRole('dialog').getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Invoice voided', { exact: true })).toBeVisible();

  await openCustomer(page, buyer.email);
  await page.getByRole('link', { name: paid.InvoiceNumber }).click();
  await expect(page).toHaveTitle('Invoice · Operator console');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog');
  await refund.getByLabel('Amount (USD)').fill('2.50');
  await refund.getByLabel('Reason (optional, the customer sees it)').fill('Goodwill');
  await refund.getByRole('button', { name: 'Refund' }).click();
  // Not confirmed in this session yet: the password is asked, then the refund goes on.
  const password = page.getByRole('dialog', { name: 'Confirm your password' });
  await password.getByLabel('Password', { exact: true }).fill(strongPassword);
  await password.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('$2.50 refunded')).toBeVisible();
  await expect(page.getByTestId('refund')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('admin-invoice.png'), fullPage: true });

  await buyer.page.goto(`/account/billing/invoice/${unpaid.Key}`);
  await expect(buyer.page.getByText('VOID', { exact: true }).first()).toBeVisible();
  await expect(buyer.page.getByText('Reason: Ordered by mistake')).toBeVisible();
  await buyer.page.goto(`/account/billing/invoice/${paid.Key}`);
  await expect(buyer.page.getByTestId('invoice-status')).toHaveText('Partially refunded');
  await expect(buyer.page.getByText('-$2.50').first()).toBeVisible();
  await expect(buyer.page.getByText('Reason: Goodwill')).toBeVisible();
  await buyer.close();
});

test('an owner suspends a customer: their next call is refused, and login says why', async ({ page, browser }) => {
  await owner(page);
  const member = await customer(browser);
  await openCustomer(page, member.email);
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Customer suspended')).toBeVisible();

  expect((await callApi(member.page, 'GET', 'billing/invoices')).status).toBe(401);
  const login = await callApi<{ Errors: { Message: string }[] }>(member.page, 'POST', 'auth/login', {
    UserName: member.email,
    Password: strongPassword,
    CookieConsent: null,
  });
  expect(login.status).toBe(403);
  expect(login.body.Errors[0].Message).toMatch(/suspended/);

  await page.getByRole('button', { name: 'Lift suspension' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lift suspension' }).click();
  await expect(page.getByText('Suspension lifted')).toBeVisible();
  await member.close();
});

test('an owner changes a price: a new cart uses it, a paid invoice keeps the old one', async ({ page, browser }, testInfo) => {
  await owner(page);
  const buyer = await customer(browser);
  const before = await okApi<{ Price: number }[]>(page, 'GET', 'admin/offers').then((offers) =>
    (offers as unknown as { Key: string; Price: number }[]).find((offer) => offer.Key === offerKey)!,
  );
  const paidKey = await buy(buyer.page, { [offerKey]: 1 });

  await page.goto('/admin/catalog');
  await page
    .getByRole('link', { name: /Architecture/ })
    .first()
    .click();
  await expect(page).toHaveTitle('Edit offer · Operator console');
  await expectNoAxeViolations(page);
  const price = page.getByLabel('Price (USD)');
  await price.fill(((before.Price + 10_000) / 100).toFixed(2));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Offer saved')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-offer.png'), fullPage: true });
  try {
    await expect
      .poll(async () => {
        const cart = await okApi<{ SubTotalAmount: number }>(buyer.page, 'PUT', 'store/cart', {
          Items: [{ ServiceOfferKey: offerKey, Quantity: 1 }],
          BillingInfo: texasBilling,
          IsAddition: false,
        });
        return cart.SubTotalAmount;
      })
      .toBe(before.Price + 10_000);
    const invoice = await okApi<{ SubTotalAmount: number }>(buyer.page, 'GET', `billing/invoice/${paidKey}`);
    expect(invoice.SubTotalAmount).toBe(before.Price);
  } finally {
    // Other tests of this run price the same catalog.
    const offers = await okApi<Record<string, unknown>[]>(page, 'GET', 'admin/offers');
    const current = offers.find((offer) => offer.Key === offerKey)!;
    await okApi(page, 'PUT', `admin/offers/${offerKey}`, {
      Description: current.Description,
      ServiceName: current.ServiceName,
      ServiceHomePage: current.ServiceHomePage,
      AppPage: current.AppPage,
      Price: before.Price,
      Savings: current.Savings,
      TrialDays: current.TrialDays,
      Items: current.Items,
    });
    await buyer.close();
  }
});

test('an owner invites a staff member, who sets a password and enrols before the console opens', async ({ page, browser }, testInfo) => {
  await owner(page);
  await page.goto('/admin/staff');
  const invitee = uniqueEmail('invitee');
  await page.getByLabel('Email address').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  // Inviting gives the console to someone: the password is asked first.
  const password = page.getByRole('dialog', { name: 'Confirm your password' });
  await password.getByLabel('Password', { exact: true }).fill(strongPassword);
  await password.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row').filter({ hasText: invitee })).toBeVisible();

  const [mail] = await waitForMails(invitee, /invited/, 1);
  const link = /https?:\/\/\S+\/staff-invite\?token=[\w-]+/.exec(mail.text)![0];
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  const errors = collectConsoleErrors(newcomer);
  await acceptCookies(newcomer);
  await newcomer.goto(link);
  await expect(newcomer.getByText(`Invitation for ${invitee} as staff.`)).toBeVisible();
  await newcomer.getByLabel('New password', { exact: true }).fill('Team-Member-2026');
  await newcomer.getByLabel('Repeat new password').fill('Team-Member-2026');
  await newcomer.getByRole('checkbox').check();
  await expectNoAxeViolations(newcomer);
  await newcomer.getByRole('button', { name: 'CREATE ACCOUNT AND ACCEPT' }).click();

  // Into the console, which opens only after the authenticator is set up.
  await expect(newcomer).toHaveURL(/\/admin$/);
  await expect(newcomer.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await newcomer.screenshot({ path: testInfo.outputPath('admin-invited-enrol.png'), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
