import { readFile } from 'node:fs/promises';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { acceptCookies, collectConsoleErrors } from '../e2e/fixtures';
import { okApi, signUpByApi } from '../e2e/api';
import { uniqueEmail } from '../e2e/mail';
import { strongPassword } from '../support/accounts';
import { texasBilling } from '../support/billing-contacts';
import { pdfText } from '../support/pdf-text';
import { apiHeaders, pageHeaders } from '../../lib/security-headers';
import { APP_KEY, APP_KEY_HEADER } from '../../lib/contract/http';
import { expectOversizedBodiesRefused } from '../support/oversized-bodies';

/*
 * Through deploy/nginx (TLS, /api to two backends, pages to Next.js, an edge cache) on
 * PostgreSQL: tests/topology/run.mjs starts it all on loopback.
 */

test('the edge cache never gives a German browser, a stored choice or a router request the English page', async ({ request }) => {
  const path = '/legal/cookie-policy';
  const english = await request.get(path, { maxRedirects: 0 });
  expect(english.status()).toBe(200);
  const again = await request.get(path, { maxRedirects: 0 });
  expect(again.headers()['x-cache-status']).toBe('HIT');

  const german = await request.get(path, { maxRedirects: 0, headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
  expect([german.status(), german.headers()['location']]).toEqual([307, `/de${path}`]);
  const chosen = await request.get(path, { maxRedirects: 0, headers: { Cookie: 'language=ru' } });
  expect([chosen.status(), chosen.headers()['location']]).toEqual([307, `/ru${path}`]);
  // Next.js's router asks with RSC: 1 (after a redirect to its cache-busting address).
  const router = await request.get(path, { headers: { RSC: '1' } });
  expect(router.headers()['content-type']).toContain('text/x-component');
  const page = await request.get(path, { maxRedirects: 0 });
  expect([page.headers()['content-type'], page.headers()['x-cache-status']]).toEqual(['text/html; charset=utf-8', 'HIT']);
  // The German page itself is German, also from the cache.
  for (let i = 0; i < 2; i++) expect(await (await request.get(`/de${path}`)).text()).toContain('<html lang="de"');
  // A portal page without a session goes to the login, with a session it is the page.
  expect((await request.get('/account/settings', { maxRedirects: 0 })).status()).toBe(307);
  expect((await request.get('/account/settings', { maxRedirects: 0, headers: { Cookie: 'sid=any' } })).status()).toBe(200);
});

test('API answers (straight from a backend) and redirects carry the security headers', async ({ request }) => {
  const api = await request.get('/api/health');
  for (const { key, value } of apiHeaders({ production: true, development: false }))
    expect([key, api.headers()[key.toLowerCase()]]).toEqual([key, value]);
  const redirect = await request.get('/contact', { maxRedirects: 0, headers: { 'Accept-Language': 'de-DE' } });
  expect(redirect.status()).toBe(307);
  for (const { key, value } of pageHeaders({ production: true, development: false }))
    expect([key, redirect.headers()[key.toLowerCase()]]).toEqual([key, value]);
});

test('Next.js forwards /api to BACKEND_URL with the API’s answers and headers, and refuses a body over the limit at once', async ({
  request,
}) => {
  test.setTimeout(90_000);
  // Next.js itself, not through nginx: the forwarder of app/api is what is under test.
  const port = Number(process.env.TOPOLOGY_NEXT_PORT);
  const next = `http://127.0.0.1:${port}`;
  const countries = await request.get(`${next}/api/app/countries`, { headers: { [APP_KEY_HEADER]: APP_KEY, 'Accept-Language': 'ru' } });
  expect(countries.status()).toBe(200);
  expect(await countries.json()).toContainEqual({ Code: 'DE', Name: 'Германия', VatId: true });
  for (const { key, value } of apiHeaders({ production: true, development: false }))
    expect([key, countries.headers()[key.toLowerCase()]]).toEqual([key, value]);
  expect(countries.headers()['permissions-policy']).toBeUndefined();
  expect((await (await request.get(`${next}/api/health`)).json()).Database).toBe('postgres');
  await expectOversizedBodiesRefused(port);
});

test('Next.js’s build files are kept at the edge for good', async ({ request }) => {
  const html = await (await request.get('/legal/privacy-policy')).text();
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1];
  await request.get(script);
  const cached = await request.get(script);
  expect([cached.headers()['x-cache-status'], cached.headers()['cache-control']]).toEqual(['HIT', 'public, max-age=31536000, immutable']);
});

/** What nginx's own answers must carry: nothing may run or frame them, and they stay on HTTPS. */
function expectEdgeHeaders(headers: Record<string, string>) {
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['server']).toBe('nginx');
}

test('a body over the backend’s limit is refused at the edge, in the API’s envelope, with the edge’s headers', async ({ request }) => {
  const answer = await request.post('/api/auth/login', { data: 'x'.repeat(200 * 1024), headers: { 'Content-Type': 'application/json' } });
  expect(answer.status()).toBe(413);
  expect(await answer.json()).toEqual({ ErrorMessages: [{ Message: 'The request body is too large.', Code: 'bodyTooLarge' }] });
  expectEdgeHeaders(answer.headers());
});

test('plain HTTP is sent to the HTTPS origin with the edge’s headers', async ({ request }) => {
  const answer = await request.get(`${process.env.TOPOLOGY_HTTP_URL}/contact?x=1`, { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers()['location']).toBe(`${process.env.TOPOLOGY_SITE_URL}/contact?x=1`);
  expectEdgeHeaders(answer.headers());
});

test('sign-up → purchase → invoice PDF over HTTPS, with one backend stopped in the middle', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await acceptCookies(page);
  await page.goto('/store/pricing');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  const email = uniqueEmail('topology');
  await signUpByApi(page, email, strongPassword);
  await okApi(page, 'PUT', 'store/cart', {
    Items: [{ ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }],
    BillingInfo: texasBilling,
    IsAddition: false,
  });

  // One backend stops as a deploy or a crash would; the other answers from here on.
  const [first] = process.env.TOPOLOGY_BACKENDS!.split(',');
  const [pid, port] = first.split(':').map(Number);
  process.kill(pid, 'SIGTERM');
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
  await expect.poll(answers).toBe(false);

  await page.goto('/store/cart');
  await page.getByRole('button', { name: 'SECURE CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/store\/checkout$/);
  await expect(page.getByTestId('amount-due')).toHaveText('$107.17');
  const card = page.getByTestId('manual-checkout');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/30');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'PAY' }).click();
  await expect(page).toHaveURL(/\/account\/billing\/invoice\/[0-9a-f-]{36}\?payment_successful=true$/, { timeout: 20_000 });
  await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(process.env.TOPOLOGY_SITE_URL);
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('bill-to')).toContainText(email);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'DOWNLOAD PDF' }).click()]);
  const number = /^invoice-(\d{4}-\d{5})\.pdf$/.exec(download.suggestedFilename())![1];
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(text).toContain(number);
  expect(text).toContain('107.17');
  expect(errors).toEqual([]);
});

test('a backend serves its metrics on its own port, and the edge does not route them', async ({ request }) => {
  // The backend still up after the purchase above took its calls and its payment.
  const [, second] = process.env.TOPOLOGY_BACKENDS!.split(',');
  const port = Number(second.split(':')[1]);
  const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(scraped.status).toBe(200);
  const text = await scraped.text();
  for (const series of [
    /^http_request_duration_seconds_count\{method="POST",route="\/api\/payment\/manual\/pay",status="200"\} [1-9]/m,
    /^money_events_total\{event="payment",provider="manual"\} [1-9]/m,
    /^db_pool_connections\{state="total"\} [1-9]/m,
    /^mail_outbox_oldest_waiting_age_seconds \d+$/m,
    /^job_last_success_timestamp_seconds\{job="outbox"\} \d/m,
    /^process_resident_memory_bytes \d/m,
  ])
    expect(text).toMatch(series);
  // Through nginx, /metrics is a page address like any other: never the backend's figures.
  expect(await (await request.get('/metrics')).text()).not.toContain('http_request_duration_seconds');
});

test('nginx logs each request as one JSON line, with the id the backend logs too, and no query', async ({ request }) => {
  const answer = await request.get('/api/health?token=a-restore-token');
  // Nor does it name its version.
  expect(answer.headers()['server']).toBe('nginx');
  const requestId = answer.headers()['x-request-id'];
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  await expect
    .poll(() =>
      fs
        .readFileSync(process.env.TOPOLOGY_ACCESS_LOG!, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => entry.requestId === requestId),
    )
    .toMatchObject({ method: 'GET', path: '/api/health?…', status: 200, client: '127.0.0.1' });
});
