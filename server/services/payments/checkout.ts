import { and, eq, lt } from 'drizzle-orm';
import type { PaymentReturnResponse } from '../../../lib/contract/store';
import { checkoutSessions } from '../../db/schema';
import type { ActiveSession } from '../accounts/sessions';
import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { priceCart } from '../store/cart';
import { limits } from '../platform/rate-limit';
import { claimsOf } from '../accounts/claims';
import { invoiceTexts } from '../../i18n';
import {
  alreadyPaid,
  describedLine,
  findOwnInvoice,
  invoiceForCart,
  linesOf,
  type InvoiceLineRow,
  type InvoiceRow,
} from '../billing/invoices';
import type { ApiLanguage } from '../platform/language';
import { expireOpenCheckouts } from './expire';
import { fulfilCheckout } from './fulfil';
import { activeProvider, providerCall } from './active-provider';
import type { CheckoutRequest } from './provider';

/**
 * Starts a checkout: the unpaid invoice for the cart (or a given unpaid invoice: Pay Now), then
 * a session at the provider. A provider failure changes nothing the buyer can see.
 */
export async function startCheckout(
  deps: BackendDeps,
  session: ActiveSession,
  providerName: string,
  origin: string,
  language: ApiLanguage,
  invoiceKey?: string,
): Promise<string> {
  const provider = activeProvider(deps, providerName);
  const userId = session.user.id;
  await deps.rateLimiter.hit(`checkout:user:${userId}`, limits.checkoutsPerCustomer, 'tooManyCheckouts');
  const { invoice, lines } = await deps.db.transaction(async (tx) => {
    if (!invoiceKey) return invoiceForCart(tx, deps.clock, userId, session.user.email, await priceCart(tx, deps.catalog, userId));
    const unpaid = await findOwnInvoice(tx, userId, invoiceKey);
    if (unpaid.fullyPaidAt) throw alreadyPaid(unpaid);
    if (unpaid.isVoid) throw new ApiError(400, { key: 'sessionClosed' });
    return { invoice: unpaid, lines: await linesOf(tx, unpaid.id) };
  });
  const created = await providerCall(async () => provider.createCheckout(await checkoutRequest(deps, invoice, lines, origin, language)));
  // Stripe answers a repeated request for the same invoice version and language with the same session.
  await deps.db
    .insert(checkoutSessions)
    .values({
      id: created.sessionId,
      provider: provider.name,
      userId,
      invoiceId: invoice.id,
      invoiceVersion: invoice.version,
      status: 'open',
      clientSecretHash: created.clientSecretHash,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
  // An open checkout of an earlier version would charge for a cart that no longer exists.
  // Checkouts of the current version stay payable (two tabs) until one of them is paid.
  await expireOpenCheckouts(deps.db, provider, invoice.id, lt(checkoutSessions.invoiceVersion, invoice.version));
  return created.clientSecret;
}

/** What the provider shows the buyer, in the language of the page that started the checkout. */
async function checkoutRequest(
  deps: BackendDeps,
  invoice: InvoiceRow,
  lines: InvoiceLineRow[],
  origin: string,
  language: ApiLanguage,
): Promise<CheckoutRequest> {
  const catalog = await deps.catalog.byKey(lines.map((line) => line.offerKey));
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    invoiceVersion: invoice.version,
    customerEmail: invoice.billingEmail,
    language,
    lines: lines.map((line) => {
      const offer = catalog.get(line.offerKey);
      return {
        description: describedLine(catalog, line, language),
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        renewalMonths: offer?.isSubscription ? offer.renewalMonths : null,
        // Only while the offer still sells at the line's price: an older invoice keeps its own amount.
        providerPriceId: offer?.providerPriceId && offer.priceCents === line.unitPriceCents ? offer.providerPriceId : null,
      };
    }),
    taxCents: invoice.taxCents,
    taxDescription: invoiceTexts(language).invoice.tax,
    returnUrl: `${origin}/store/payment-return?session_id={CHECKOUT_SESSION_ID}`,
  };
}

/** The return page's call: asks the provider, fulfils when paid (idempotent), says where to go. */
export async function completeCheckout(
  deps: BackendDeps,
  session: ActiveSession,
  providerName: string,
  sessionId: string,
): Promise<PaymentReturnResponse> {
  const provider = activeProvider(deps, providerName);
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, provider.name), eq(checkoutSessions.userId, session.user.id)),
    );
  if (!row) throw new ApiError(404, { key: 'sessionUnknown' });
  const state = await providerCall(() => provider.checkoutState(sessionId));
  if (!state.paid) {
    if (state.status !== 'open' && row.status === 'open')
      await deps.db.update(checkoutSessions).set({ status: state.status }).where(eq(checkoutSessions.id, sessionId));
    return { Status: state.status, NewClaims: [], InvoiceKey: row.invoiceId };
  }
  const fulfilment = await fulfilCheckout(deps, sessionId, provider.name, state);
  // Paid for a cart that had changed since: nothing was delivered, and the invoice shows the money.
  if (fulfilment.outdated) return { Status: 'failed', NewClaims: [], InvoiceKey: fulfilment.invoiceId };
  if (fulfilment.refunded) return { Status: 'refunded', NewClaims: [], InvoiceKey: fulfilment.invoiceId };
  return { Status: 'complete', NewClaims: await claimsOf(deps, session.user.id), InvoiceKey: fulfilment.invoiceId };
}
