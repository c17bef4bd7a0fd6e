import { and, eq } from 'drizzle-orm';
import { expiryOf } from '../../../lib/contract/store';
import type { Db } from '../../db/database';
import { checkoutSessions, invoices } from '../../db/schema';
import { randomToken, sameText, sha256 } from '../platform/crypto';
import type { CheckoutState, CreatedCheckout, PaymentCard, PaymentProvider, PlanChange } from './provider';

/**
 * The offline provider (in the tradition of Saleor's dummy gateway): a clearly labelled test
 * card form, fixed test card numbers, and no card data kept — only which test outcome was used.
 */
export const testCards = {
  '4242424242424242': 'success',
  '4000000000000341': 'renewal-fails',
  '4000000000000002': 'declined',
} as const;
export type TestCardOutcome = (typeof testCards)[keyof typeof testCards];

export const outcomeOfCard = (cardNumber: string): TestCardOutcome => testCards[cardNumber as keyof typeof testCards] ?? 'declined';

/** A test card as ManualCardFormSchema gives it: the digits, and a valid expiry as typed. */
export interface TestCardInput {
  CardNumber: string;
  Expiry: string;
}

/** The card on file a test card that was taken makes: every test number is a Visa number; the expiry as typed. */
export function testCardOnFile(card: TestCardInput, outcome: Exclude<TestCardOutcome, 'declined'>): PaymentCard {
  // The form's schema has checked the expiry.
  const expiry = expiryOf(card.Expiry)!;
  return {
    providerRef: null,
    brand: 'visa',
    last4: card.CardNumber.slice(-4),
    expMonth: expiry.month,
    expYear: expiry.year,
    testCardOutcome: outcome,
  };
}

export class ManualProvider implements PaymentProvider {
  readonly name = 'manual' as const;
  readonly publishableKey = 'manual_test_mode';

  constructor(private readonly db: Db) {}

  async createCheckout(): Promise<CreatedCheckout> {
    const sessionId = `ms_${randomToken(18)}`;
    const clientSecret = `${sessionId}_secret_${randomToken(18)}`;
    return { sessionId, clientSecret, clientSecretHash: sha256(clientSecret) };
  }

  /** The open session a client secret belongs to, if the secret is genuine. */
  async sessionOfSecret(clientSecret: string) {
    const sessionId = clientSecret.split('_secret_')[0];
    const [row] = await this.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'manual')));
    return row?.clientSecretHash && sameText(row.clientSecretHash, sha256(clientSecret)) ? row : null;
  }

  async checkoutState(sessionId: string): Promise<CheckoutState> {
    const [row] = await this.db
      .select({ status: checkoutSessions.status, total: invoices.totalCents })
      .from(checkoutSessions)
      .innerJoin(invoices, eq(invoices.id, checkoutSessions.invoiceId))
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'manual')));
    // A refunded checkout was paid: the refund is fulfilment's record, not the provider's state.
    const status = row?.status === 'refunded' ? 'complete' : (row?.status ?? 'expired');
    return {
      status,
      paid: status === 'complete',
      paymentRef: status === 'complete' ? sessionId : null,
      amountCents: row?.total ?? 0,
      providerSubscriptionId: null,
      providerCustomerId: null,
      periodEnd: null,
      // The test card form knows the card (manual-pay.ts); the session keeps none.
      card: null,
    };
  }

  async expireCheckout(): Promise<boolean> {
    // The session row is the whole state of a manual checkout: closing it is the caller's update.
    return true;
  }

  async refundCheckout(sessionId: string): Promise<string> {
    // No money moved anywhere: the refund is our record of it.
    return `refund-${sessionId}`;
  }

  async cancelAtPeriodEnd(): Promise<void> {
    // Renewals of manual subscriptions are ours (the renewal job): nobody else to tell.
  }

  async undoCancelAtPeriodEnd(): Promise<void> {
    // As above: our own rows say whether it renews.
  }

  async pauseRenewals(): Promise<void> {
    // The renewal job skips suspended customers itself.
  }

  async resumeRenewals(): Promise<void> {
    // As above: lifting the suspension is enough.
  }

  async cancelNow(): Promise<void> {
    // As above: ending it is our own record.
  }

  async refundPayment(_paymentRef: string, _amountCents: number, idempotencyKey: string): Promise<string> {
    // No money moved anywhere: the refund is our record of it, one per request key.
    return `refund-${idempotencyKey}`;
  }

  async changeSubscription(_providerSubscriptionId: string, change: PlanChange): Promise<string | null> {
    // The plan is our own record; the test card's outcome was judged before this call.
    return change.chargeNow ? `change-${change.idempotencyKey}` : null;
  }

  async offerPrice(): Promise<null> {
    // The manual checkout charges the invoice's own amounts.
    return null;
  }
}
