import { expect, type Page } from '@playwright/test';
import { APP_KEY, APP_KEY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../lib/contract/http';
import { waitForCode } from './mail';

/**
 * A call to the API of the site the page is on (the configured site before any navigation), as
 * the site's own client makes it: app key, and the XSRF cookie echoed. Cookies are the page's.
 */
export async function callApi<T = Record<string, unknown>>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const origin = page.url().startsWith('http') ? new URL(page.url()).origin : '';
  const url = `${origin}/api/${path}`;
  const cookies = await page.context().cookies(origin || undefined);
  const token = cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    // A connection of its own per call: the request context would reuse one the server may be
    // closing as idle (Node's keep-alive timeout) and, unlike a browser, not retry on the reset.
    headers: { [APP_KEY_HEADER]: APP_KEY, [XSRF_HEADER]: decodeURIComponent(token), Connection: 'close' },
    data: body,
  });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

/** The same, for calls that must succeed: their answer's body. */
export async function okApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** Waits until the page's own start-up has its XSRF cookie, then asks for it as that start-up does. */
async function primeXsrf(page: Page): Promise<void> {
  if (page.url().startsWith('http')) {
    // The page's own start-up asks for the session, and without a cookie it is issued a token.
    // Asked at the same time, our call got a second one, and whichever answered last replaced
    // the cookie between reading it for the header and sending it (a 403 in one CI run).
    await expect
      .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === XSRF_COOKIE), { timeout: 15_000 })
      .toBe(true);
  }
  await okApi(page, 'GET', 'auth/session-info'); // the XSRF cookie, as the site's start-up gets it
}

/**
 * A new customer made by the test-only account call (TEST_HOOKS=on), which logs the page's
 * context in. The sign-up with its mailed code keeps its own journey (accounts.spec.ts).
 */
export async function newCustomerByApi(page: Page, email: string, password: string): Promise<void> {
  await primeXsrf(page);
  const answer = await okApi<{ SessionInfo: { UserName: string } }>(page, 'POST', 'test/account', { UserName: email, Password: password });
  expect(answer.SessionInfo.UserName).toBe(email);
}

/** Creates an account through the API (sign-up with the mailed code), which logs the page's context in. */
export async function signUpByApi(page: Page, email: string, password: string): Promise<void> {
  await primeXsrf(page);
  const request = { UserName: email, Password: password, UserAgreedToTerms: true, CookieConsent: null };
  const sentAfter = Date.now() - 1;
  const first = await okApi<{ CodeResult: string | null }>(page, 'POST', 'auth/signup', request);
  expect(first.CodeResult).toBe('show');
  const answer = await okApi<{ SessionInfo: { UserName: string } }>(page, 'POST', 'auth/signup', {
    ...request,
    Code: await waitForCode(email, sentAfter),
  });
  expect(answer.SessionInfo.UserName).toBe(email);
}
