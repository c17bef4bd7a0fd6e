import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Invoice } from '@/lib/contract/billing';
import type { PaymentReturnResponse } from '@/lib/contract/store';
import { testCardPayment, testCards } from '../support/test-cards';
import { accepted, network, pageApi } from './runner/network';
import { fillCart, type Quantities } from './store-helpers';

export { testCards };

/** A manual checkout session's id is the part of its client secret before `_secret_`. */
export const sessionIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

/**
 * Starts a manual checkout of the signed-in account's cart (or of an unpaid invoice: Pay Now)
 * as another tab of the browser would, and returns its client secret.
 */
export async function checkoutElsewhere(invoiceKey?: string): Promise<string> {
  const query = invoiceKey ? `?invoice=${invoiceKey}` : '';
  return (await accepted('starting a checkout', pageApi<{ Value: string }>('POST', `payment/create-manual-session${query}`))).Value;
}

/** Pays a checkout with a test card as another tab would; answers the session id. */
export async function payElsewhere(clientSecret: string, cardNumber: string = testCards.success): Promise<string> {
  const paid = await accepted(
    'paying',
    pageApi<{ Status: string; SessionId: string }>('POST', 'payment/manual/pay', testCardPayment(clientSecret, cardNumber)),
  );
  return paid.SessionId;
}

/** The signed-in account's invoices, newest first. */
export const ownInvoices = () => accepted('listing the invoices', pageApi<Invoice[]>('GET', 'billing/invoices'));

/** An unpaid invoice for this cart: the one a started checkout creates. */
export async function unpaidInvoice(cart: Quantities): Promise<Invoice> {
  await fillCart(cart);
  await checkoutElsewhere();
  const [invoice] = await ownInvoices();
  return invoice;
}

/** This cart bought with the success card: the session to return with, and what the return answers. */
export async function paidCheckout(cart: Quantities): Promise<{ sessionId: string; invoiceKey: string }> {
  await fillCart(cart);
  const sessionId = await payElsewhere(await checkoutElsewhere());
  const [invoice] = await ownInvoices();
  return { sessionId, invoiceKey: invoice.Key };
}

/** What payment/manual-return answers for this session now (asked as another tab would). */
export const returnAnswer = (sessionId: string) =>
  accepted('asking for the return', pageApi<PaymentReturnResponse>('POST', 'payment/manual-return', { Value: sessionId }));

/** The calls the page sends from here on: the set-up's own (the shell's app info) left out. */
export function callsFromHere() {
  const start = network.calls().length;
  return () => network.calls().slice(start);
}

/** Types a card into the manual checkout's form and presses PAY. */
export async function payOnPage(user: UserEvent, form: ReturnType<typeof within>, cardNumber: string) {
  await user.clear(form.getByLabelText('Card number'));
  await user.type(form.getByLabelText('Card number'), cardNumber);
  await user.clear(form.getByLabelText('Expiry (MM/YY)'));
  await user.type(form.getByLabelText('Expiry (MM/YY)'), '12/30');
  await user.clear(form.getByLabelText('CVC'));
  await user.type(form.getByLabelText('CVC'), '123');
  await user.click(form.getByRole('button', { name: 'PAY' }));
}
