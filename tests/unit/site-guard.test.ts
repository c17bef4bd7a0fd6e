import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiHeaders, pageHeaders } from '@/lib/security-headers';
import { guardSiteRequest } from '@/server/site-guard';

/** The site server's guard in front of a stand-in for Next.js that answers as Next.js does by itself: a bare 500. */
let server: Server;
let base: string;
const seen: { path: string; forwardedFor: string | undefined }[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    if (guardSiteRequest(request, response)) return;
    seen.push({ path: request.url!, forwardedFor: request.headers['x-forwarded-for'] as string | undefined });
    response.writeHead(500, { 'Content-Type': 'text/plain' });
    response.end('Internal Server Error');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (seen.length = 0));

const listed = (list: typeof pageHeaders) =>
  Object.fromEntries(list({ production: true, development: false }).map(({ key, value }) => [key.toLowerCase(), value]));
const headersOf = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

describe("the site server's guard", () => {
  it('gives what Next.js answers by itself the security headers: the page list, or the API list on /api', async () => {
    const page = await fetch(`${base}/contact`);
    expect(page.status).toBe(500);
    expect(headersOf(page, Object.keys(listed(pageHeaders)))).toEqual(listed(pageHeaders));
    const api = await fetch(`${base}/api/health`);
    expect(headersOf(api, Object.keys(listed(apiHeaders)))).toEqual(listed(apiHeaders));
    expect(api.headers.get('permissions-policy')).toBeNull();
  });

  it('answers an address with a malformed %-escape with 400 in the caller’s language, before Next.js', async () => {
    const api = await fetch(`${base}/api/billing/invoice/%ZZ`, { headers: { 'Accept-Language': 'de-DE' } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      ErrorMessages: [{ Message: 'Die Adresse enthält eine fehlerhafte %-Kodierung.', Code: 'malformedAddress' }],
    });
    expect(headersOf(api, Object.keys(listed(apiHeaders)))).toEqual(listed(apiHeaders));
    const page = await fetch(`${base}/contact/%E0%A4%A?x=%ZZ`);
    expect(page.status).toBe(400);
    expect(await page.text()).toBe('The address contains a malformed %-escape.');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // A well-formed escape, and a malformed one in the query alone, are Next.js's to answer.
    await fetch(`${base}/contact/%C3%A9?x=%ZZ`);
    expect(seen.map((request) => request.path)).toEqual(['/contact/%C3%A9?x=%ZZ']);
  });

  it('appends the connection’s peer to a client’s own X-Forwarded-For', async () => {
    await fetch(`${base}/`, { headers: { 'X-Forwarded-For': '9.9.9.9' } });
    expect(seen[0].forwardedFor).toBe('9.9.9.9, 127.0.0.1');
  });
});
