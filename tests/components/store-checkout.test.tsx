import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkout } from '@/components/store/Checkout';
import { PaymentReturn } from '@/components/store/PaymentReturn';
import { StripeCheckout } from '@/components/store/StripeCheckout';
import { decodePublishableKey } from '@/lib/api/payment';
import type { SessionInfo } from '@/lib/contract/auth';
import type { KeyInfo } from '@/lib/contract/store';
import { appActions, appState } from '@/lib/state/app-state';
import { snackText } from './account-helpers';
import {
  callsFromHere,
  checkoutElsewhere,
  ownInvoices,
  paidCheckout,
  payElsewhere,
  payOnPage,
  returnAnswer,
  sessionIdOf,
  testCards,
  unpaidInvoice,
} from './checkout-helpers';
import { routerCalls, type TestLocale } from './render';
import { fillCart, renderStore, shopper, type Quantities } from './store-helpers';
import { network, pageApi } from './runner/network';

// Every test signs up its own account on the real backend, and most of them pay.

/** $99.00 a year; in Texas 8.25 % tax = $8.17, so $107.17 due. */
const yearlyPro: Quantities = { 'pdf-workshop-pro-yearly': 1 };

/** A new account with this cart (billing in Texas) on the checkout page. */
async function openCheckout({ cart = yearlyPro, search = '', locale = 'en' as TestLocale } = {}) {
  await shopper({ locale, cart });
  renderStore(<Checkout />, locale, { search });
  return userEvent.setup();
}

const manualForm = async () => within(await screen.findByTestId('manual-checkout'));

describe('checkout page', () => {
  it('shows the legal agreement with its links and the USD statement, and the amount due', async () => {
    await openCheckout();
    expect(screen.getByText(/By paying you agree to our/)).toHaveTextContent(
      'By paying you agree to our Terms of Service (opens in a new tab) and Privacy Policy (opens in a new tab). All sales are final. Subscriptions renew monthly or yearly until cancelled.',
    );
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/legal/terms-of-service');
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/legal/privacy-policy');
    expect(screen.getByText('The amount is charged in US dollars (USD).')).toBeVisible();
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$107.17');
  });

  it('manual provider: a TEST MODE card form that creates the session first, declines the decline card and stays, then pays', async () => {
    const user = await openCheckout();
    const form = await manualForm();
    expect(form.getByText('TEST MODE')).toBeVisible();
    expect(form.getByText(testCards.success)).toBeVisible();
    expect(form.getByText(testCards.declined)).toBeVisible();
    expect(network.calls('POST payment/create-manual-session')).toHaveLength(1);

    await payOnPage(user, form, testCards.declined);
    expect(await form.findByRole('alert')).toHaveTextContent('The card was declined.');
    const [declined] = network.calls('POST payment/manual/pay');
    expect(declined.body).toEqual({
      ClientSecret: expect.stringMatching(/^ms_[\w-]+_secret_[\w-]+$/),
      CardNumber: '4000000000000002',
      Expiry: '12/30',
      Cvc: '123',
    });
    const { ClientSecret } = declined.body as { ClientSecret: string };
    expect(routerCalls).toEqual([]);

    await payOnPage(user, form, testCards.success);
    const paymentReturn = `/store/payment-return?session_id=${sessionIdOf(ClientSecret)}`;
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: paymentReturn }]));
    // The address is the result's before that page has loaded, so a reload lands there.
    expect(window.location.pathname + window.location.search).toBe(paymentReturn);
    // The same session, now paid: the invoice is settled and the cart bought.
    expect(network.calls('POST payment/manual/pay')[1].body).toMatchObject({ ClientSecret, CardNumber: '4242424242424242' });
    const [invoice] = await ownInvoices();
    expect(invoice).toMatchObject({ TotalAmount: 10717, TotalAmountDue: 0 });
    expect((await pageApi<{ CartItemCount: number }>('GET', 'app/app-info')).body.CartItemCount).toBe(0);
  });

  it('manual provider: the card rules of the shared schema', async () => {
    const user = await openCheckout();
    const form = await manualForm();
    await user.type(form.getByLabelText('Card number'), '12ab');
    await user.type(form.getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.type(form.getByLabelText('CVC'), '1');
    await user.click(form.getByRole('button', { name: 'PAY' }));
    expect(await form.findByText('Enter a card number of 12 to 19 digits')).toBeVisible();
    expect(form.getByText('Enter the expiry as MM/YY')).toBeVisible();
    expect(form.getByText('Enter the 3 or 4 digit security code')).toBeVisible();
    expect(network.calls('POST payment/manual/pay')).toEqual([]);
  });

  it('an empty cart goes back to the cart', async () => {
    await openCheckout({ cart: {} });
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/store/cart' }]));
    expect(network.calls('GET store/cart')).toHaveLength(1);
    expect(network.calls('POST payment/create-manual-session')).toEqual([]);
  });

  it('a cart without a complete billing contact goes back to the cart, saying why, and shows no amount', async () => {
    await shopper({ cart: yearlyPro, billing: null });
    renderStore(<Checkout />, 'en');
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/store/cart' }]));
    expect(snackText()).toBe('Please complete the billing contact in the shopping cart first.');
    expect(screen.queryByTestId('amount-due')).toBeNull();
    expect(network.calls('POST payment/create-manual-session')).toEqual([]);
  });

  it('Pay Now: ?invoice= is passed to the session, the invoice’s amount due shows and the cart is not asked', async () => {
    await shopper();
    // An unpaid invoice of $9.99 + $0.82 tax; the cart has changed since ($107.17).
    const invoice = await unpaidInvoice({ 'pdf-workshop-pro-monthly': 1 });
    await fillCart(yearlyPro);
    const sent = callsFromHere();
    renderStore(<Checkout />, 'en', { search: `?invoice=${invoice.Key}` });
    await manualForm();
    expect(
      sent()
        .map((call) => `${call.method} ${call.path}`)
        .sort(),
    ).toEqual([`GET billing/invoice/${invoice.Key}`, 'GET payment/key-info', `POST payment/create-manual-session?invoice=${invoice.Key}`]);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$10.81');
    expect(routerCalls).toEqual([]);
  });

  it('Pay Now on an invoice paid meanwhile says there is nothing to pay, links to it and starts no payment', async () => {
    await shopper();
    const invoice = await unpaidInvoice(yearlyPro);
    // Paid in another tab before this one opens.
    await payElsewhere(await checkoutElsewhere(invoice.Key));
    renderStore(<Checkout />, 'en', { search: `?invoice=${invoice.Key}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice has nothing left to pay.');
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/account/billing/invoice/${invoice.Key}`);
    expect(screen.queryByTestId('amount-due')).toBeNull();
    expect(network.calls((call) => call.method === 'POST')).toEqual([]);
  });

  it('manual provider: a session closed meanwhile (the order changed in another window) starts the checkout again with the current amount', async () => {
    const user = await openCheckout();
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$107.17');
    await manualForm();
    // Another window changes the order and goes to its checkout: the backend closes this session.
    await fillCart({ 'pdf-workshop-pro-yearly': 3 });
    await checkoutElsewhere();

    await payOnPage(user, await manualForm(), testCards.success);
    expect(await screen.findByText(/Your order changed in another window/)).toBeVisible();
    // $297.00 + 8.25 % ($24.50)
    await waitFor(() => expect(screen.getByTestId('amount-due')).toHaveTextContent('$321.50'));
    await payOnPage(user, await manualForm(), testCards.success);
    await waitFor(() => expect(routerCalls).toHaveLength(1));

    const secrets = network.calls('POST payment/manual/pay').map((call) => (call.body as { ClientSecret: string }).ClientSecret);
    expect(secrets).toHaveLength(2);
    expect(secrets[1]).not.toBe(secrets[0]);
    expect(routerCalls).toEqual([{ method: 'replace', href: `/store/payment-return?session_id=${sessionIdOf(secrets[1])}` }]);
    const [invoice] = await ownInvoices();
    expect(invoice).toMatchObject({ TotalAmount: 32150, TotalAmountDue: 0 });
  });

  it('shows the texts in German and Russian', async () => {
    await openCheckout({ locale: 'de' });
    expect(await screen.findByText('TESTMODUS')).toBeVisible();
    expect(screen.getByText('Der Betrag wird in US-Dollar (USD) berechnet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'BEZAHLEN' })).toBeVisible();
    cleanup();
    await openCheckout({ locale: 'ru' });
    expect(await screen.findByText('ТЕСТОВЫЙ РЕЖИМ')).toBeVisible();
    expect(screen.getByText('Сумма списывается в долларах США (USD).')).toBeVisible();
    expect(screen.getByRole('button', { name: 'ОПЛАТИТЬ' })).toBeVisible();
  });
});

/**
 * The backend here runs the manual provider (no Stripe keys are configured), so payment/key-info
 * never names Stripe: these tests render the Stripe form as Checkout does for Stripe. Stripe's
 * script is an outside edge and stays a double; the calls to our backend are real.
 */
describe('checkout with Stripe', () => {
  afterEach(() => {
    delete (window as { Stripe?: unknown }).Stripe;
  });

  /** Stripe's script is an outside edge: make its <script> fail to load, as a blocked network would. */
  async function failStripeScript() {
    for (let attempt = 0; attempt < 2; attempt++) {
      const script = await waitFor(() => {
        const found = document.querySelector<HTMLScriptElement>('script[src^="https://js.stripe.com"]:not([data-failed])');
        if (!found) throw new Error('no Stripe.js script yet');
        return found;
      });
      script.dataset.failed = 'true';
      act(() => void script.dispatchEvent(new Event('error')));
    }
  }

  /**
   * Stands in for Stripe.js (loadStripe uses a window.Stripe it finds): records the key it was
   * given and what its embedded checkout got when it asked for its session. Its frame, Stripe's
   * own, shows nothing here.
   */
  function stubStripeJs() {
    const asked: { key: string; secret?: string; refusal?: unknown }[] = [];
    (window as { Stripe?: unknown }).Stripe = Object.assign(
      (key: string) => ({
        elements: () => ({}),
        createToken: async () => ({}),
        createPaymentMethod: async () => ({}),
        confirmCardPayment: async () => ({}),
        createEmbeddedCheckoutPage: async ({ fetchClientSecret }: { fetchClientSecret: () => Promise<string> }) => {
          const session = await fetchClientSecret().then(
            (secret) => ({ secret }),
            (refusal: unknown) => ({ refusal }),
          );
          asked.push({ key, ...session });
          return { mount() {}, unmount() {}, destroy() {} };
        },
      }),
      { version: 3 },
    );
    return asked;
  }

  // What another window did is the e2e's (store.spec.ts: a second tab with Stripe).
  const noOtherWindow = { onSessionClosed() {}, onPaidElsewhere() {} };

  it('goes back to the cart with a message when Stripe.js fails to load', async () => {
    await shopper({ cart: yearlyPro });
    renderStore(<StripeCheckout publishableKey="pk_test_unreachable" invoiceKey={null} {...noOtherWindow} />);
    await failStripeScript();
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/store/cart' }]));
    expect(snackText()).toBe('The payment form could not be loaded. Please try again.');
    expect(network.calls('POST payment/create-stripe-session')).toEqual([]);
  });

  it('starts the embedded checkout with the key decoded twice, which asks payment/create-stripe-session?invoice= for its session (refused for real: Stripe is not the active provider here)', async () => {
    const asked = stubStripeJs();
    await shopper();
    const invoice = await unpaidInvoice(yearlyPro);
    // The key as Checkout hands it on: the real key-info answer decoded twice (the manual provider's key here).
    const keyInfo = (await pageApi<KeyInfo>('GET', 'payment/key-info')).body;
    renderStore(<StripeCheckout publishableKey={decodePublishableKey(keyInfo.Value)} invoiceKey={invoice.Key} {...noOtherWindow} />);
    await waitFor(() => expect(asked).toEqual([{ key: 'manual_test_mode', refusal: expect.objectContaining({ status: 404 }) }]));
    expect(screen.getByTestId('stripe-checkout')).toBeVisible();
    expect(network.calls(`POST payment/create-stripe-session`).map((call) => call.path)).toEqual([
      `payment/create-stripe-session?invoice=${invoice.Key}`,
    ]);
    expect(snackText()).toBe('The payment provider stripe is not active on this site.');
  });
});

describe('payment return', () => {
  /** The return page for this session, with the badge showing what the cart held before. */
  function openReturn(search: string, cartCountBefore: number) {
    appActions.setCartCount(cartCountBefore);
    renderStore(<PaymentReturn />, 'en', { search });
  }

  it('shows a spinner, then on complete empties the badge, stores the claims and opens the invoice', async () => {
    await shopper();
    const { sessionId, invoiceKey } = await paidCheckout(yearlyPro);
    openReturn(`?session_id=${sessionId}`, 1);
    expect(screen.getByText('Confirming your payment…')).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(routerCalls).toEqual([{ method: 'replace', href: `/account/billing/invoice/${invoiceKey}?payment_successful=true` }]),
    );
    expect(network.calls('POST payment/manual-return')[0].body).toEqual({ Value: sessionId });
    await waitFor(() => expect(appState.get().appInfo.CartItemCount).toBe(0));
    const { Claims } = (await pageApi<SessionInfo>('GET', 'auth/session-info')).body;
    expect(Claims).toContain('app:pdf:pro');
    expect(appState.get().sessionInfo?.Claims).toEqual(Claims);
  });

  it('asks the provider payment/key-info names (manual here: no Stripe keys are configured) for the return', async () => {
    await shopper();
    const { sessionId } = await paidCheckout(yearlyPro);
    openReturn(`?session_id=${sessionId}`, 1);
    await waitFor(() => expect(routerCalls).toHaveLength(1));
    expect(network.calls((call) => call.path.startsWith('payment/')).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET payment/key-info',
      'POST payment/manual-return',
    ]);
    expect(network.calls('POST payment/manual-return')[0].body).toEqual({ Value: sessionId });
  });

  /** A checkout session that ended as `status` says: still open (not paid), or expired by a change of the order. */
  async function unpaidSession(status: 'open' | 'expired') {
    await fillCart(yearlyPro);
    const sessionId = sessionIdOf(await checkoutElsewhere());
    if (status === 'expired') {
      await fillCart({ 'pdf-workshop-pro-yearly': 2 });
      await checkoutElsewhere();
    }
    expect((await returnAnswer(sessionId)).Status).toBe(status);
    return sessionId;
  }

  it.each(['open', 'expired'] as const)('says Payment failed. when the status is %s, with the way back to the cart', async (status) => {
    await shopper();
    const sessionId = await unpaidSession(status);
    openReturn(`?session_id=${sessionId}`, 3);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed.');
    expect(screen.getByRole('link', { name: 'Back to the shopping cart' })).toHaveAttribute('href', '/store/cart');
    expect(appState.get().appInfo.CartItemCount).toBe(3);
    expect(routerCalls).toEqual([]);
  });

  it('after a payment the badge shows what the cart still holds: a payment takes only what it bought', async () => {
    await shopper();
    // An invoice for two units; then the cart grows to three units and a service (4 items).
    const older = await unpaidInvoice({ 'pdf-workshop-pro-monthly': 2 });
    await fillCart({ 'pdf-workshop-pro-monthly': 3, 'consulting-architecture-review': 1 });
    // Pay Now pays the older invoice: one unit and the service stay in the cart.
    const sessionId = await payElsewhere(await checkoutElsewhere(older.Key));
    openReturn(`?session_id=${sessionId}`, 4);
    await waitFor(() => expect(appState.get().appInfo.CartItemCount).toBe(2));
    expect(routerCalls).toEqual([{ method: 'replace', href: `/account/billing/invoice/${older.Key}?payment_successful=true` }]);
  });

  it('without an answer (a gateway’s 503) it says the payment is not confirmed yet, not failed, and tries again on request', async () => {
    await shopper();
    const { sessionId, invoiceKey } = await paidCheckout(yearlyPro);
    network.gatewayError('POST payment/manual-return', 503, '<h1>Service Unavailable</h1>');
    openReturn(`?session_id=${sessionId}`, 1);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment yet');
    expect(screen.queryByText('Payment failed.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    await waitFor(() =>
      expect(routerCalls).toEqual([{ method: 'replace', href: `/account/billing/invoice/${invoiceKey}?payment_successful=true` }]),
    );
    expect(network.calls('POST payment/manual-return')).toHaveLength(2);
  });

  it('says Payment failed. without a session id, and asks nothing', async () => {
    await shopper();
    const sent = callsFromHere();
    openReturn('', 0);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed.');
    expect(sent()).toEqual([]);
  });
});
