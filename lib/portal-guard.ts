// Also loaded by proxy.ts: no React here.
import { splitLocalePath, localizedPath } from '../i18n/language-choice';
import { INVOICE_ID_PARAM, SUBSCRIPTION_ID_PARAM } from './portal-paths';
import { LOGIN_PARAM } from './return-path';

/** An id as the billing page's query may name it; anything else is not carried into the return path. */
const billingId = /^[0-9A-Za-z-]{1,64}$/;

/** Where a portal page's return path leads after login: the page itself, a billing link to its item. */
function returnPathOf(rest: string, query: URLSearchParams): string {
  if (rest === '/account/billing') {
    const invoice = query.get(INVOICE_ID_PARAM);
    if (invoice && billingId.test(invoice)) return `/account/billing/invoice/${invoice}`;
    const subscription = query.get(SUBSCRIPTION_ID_PARAM);
    if (subscription && billingId.test(subscription)) return `/account/billing/subscription/${subscription}`;
  }
  return rest;
}

/**
 * The login guard (docs/product/languages-and-routing.md#login-guard) for a portal page asked without a session: the public page where the login
 * opens, with the path to return to (`/?login=/account/settings`). The checkout returns to
 * pricing, as a checkout needs a fresh cart.
 */
export function loginAddressFor(pathname: string, query: URLSearchParams): string {
  const { prefix, rest } = splitLocalePath(pathname);
  const locale = prefix ?? 'en';
  const checkout = rest === '/store/checkout';
  const page = localizedPath(locale, checkout ? '/store/pricing' : '/');
  const returnPath = checkout ? '/store/pricing' : returnPathOf(rest, query);
  return `${page}?${LOGIN_PARAM}=${encodeURIComponent(returnPath).replace(/%2F/g, '/')}`;
}
