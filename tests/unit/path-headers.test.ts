import { pageHeaders, pathHeaders } from '@/lib/security-headers';

/* The headers single pages add to every page's (proxy.ts sets them). */
const production = { production: true, development: false };
const named = (pathname: string) => Object.fromEntries(pathHeaders(pathname, production).map(({ key, value }) => [key, value]));

it('lets only the checkout page, in every language, load Stripe, under the rest of the page policy', () => {
  for (const path of ['/store/checkout', '/de/store/checkout', '/ru/store/checkout']) {
    const policy = named(path)['Content-Security-Policy'];
    expect(policy).toContain('https://js.stripe.com');
    expect(policy).toContain("object-src 'none'");
  }
  const everyPage = pageHeaders(production).find(({ key }) => key === 'Content-Security-Policy')!.value;
  expect(everyPage).not.toContain('stripe.com');
  for (const path of ['/store/cart', '/store/checkout/x', '/de/store/pricing', '/']) expect(named(path)).toEqual({});
});

it('keeps the console out of search indexes, in every language', () => {
  for (const path of ['/admin', '/admin/customers', '/de/admin', '/ru/admin/invoices/7'])
    expect(named(path)).toEqual({ 'X-Robots-Tag': 'noindex, nofollow' });
  for (const path of ['/administration', '/account/settings']) expect(named(path)).toEqual({});
});
