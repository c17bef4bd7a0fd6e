import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkout } from '@/components/store/Checkout';
import { PaymentReturn } from '@/components/store/PaymentReturn';
import { appActions, appState } from '@/lib/state/app-state';
import { snackText } from './account-helpers';
import { routerCalls, type TestLocale } from './render';
import { pricedCart, renderStore, serveStore, storeVisitor, texasBilling } from './store-helpers';

const base64 = (text: string) => Buffer.from(text).toString('base64');
const keyInfo = (Provider: 'manual' | 'stripe', key = Provider === 'stripe' ? 'pk_test_e2e' : 'manual_test_mode') => ({ body: { Value: base64(base64(key)), Provider } });
const cart = pricedCart({ 'pdf-workshop-pro-yearly': 1 }, texasBilling);

const unpaidInvoiceKey = '6f1c2a9e-0000-4000-8000-000000000001';

function serveCheckout({ provider = 'manual' as 'manual' | 'stripe', key = undefined as string | undefined, cartModel = cart, payments = [] as ('complete' | 'declined')[] } = {}) {
  return serveStore((call) => {
    if (call.path === 'store/cart') return { body: cartModel };
    if (call.path === `billing/invoice/${unpaidInvoiceKey}`) return { body: { Key: unpaidInvoiceKey, TotalAmount: 540, TotalAmountDue: 540, FullyPaidDate: null, IsVoid: false } };
    if (call.path === 'payment/key-info') return keyInfo(provider, key);
    if (call.path.startsWith(`payment/create-${provider}-session`)) return { body: { Value: 'ms_abc_secret_xyz' } };
    if (call.path === 'payment/manual/pay') return { body: { Status: payments.shift(), SessionId: 'ms_abc' } };
  });
}

function openCheckout(options: Parameters<typeof serveCheckout>[0] = {}, { search = '', locale = 'en' as TestLocale } = {}) {
  storeVisitor({ locale });
  const api = serveCheckout(options);
  renderStore(<Checkout />, locale, { search });
  return { api, user: userEvent.setup() };
}

describe('checkout page (spec screen 11)', () => {
  it('shows the legal agreement with its links and the USD statement, and the amount due', async () => {
    openCheckout();
    expect(screen.getByText(/By paying you agree to our/)).toHaveTextContent(
      'By paying you agree to our Terms of Service (opens in a new tab) and Privacy Policy (opens in a new tab). All sales are final. Subscriptions renew monthly or yearly until cancelled.',
    );
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/legal/terms-of-service');
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/legal/privacy-policy');
    expect(screen.getByText('The amount is charged in US dollars (USD).')).toBeVisible();
    // $99.00 at 8.25 % = $8.17
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$107.17');
  });

  it('manual provider: a TEST MODE card form that creates the session first, declines the decline card and stays, then pays', async () => {
    const { api, user } = openCheckout({ payments: ['declined', 'complete'] });
    const form = within(await screen.findByTestId('manual-checkout'));
    expect(form.getByText('TEST MODE')).toBeVisible();
    expect(form.getByText('4242 4242 4242 4242')).toBeVisible();
    expect(form.getByText('4000 0000 0000 0002')).toBeVisible();
    expect(api.to('POST', 'payment/create-manual-session')).toHaveLength(1);

    await user.type(form.getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(form.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(form.getByLabelText('CVC'), '123');
    await user.click(form.getByRole('button', { name: 'PAY' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The card was declined.');
    expect(api.to('POST', 'payment/manual/pay')[0].body).toEqual({ ClientSecret: 'ms_abc_secret_xyz', CardNumber: '4000000000000002', Expiry: '12/30', Cvc: '123' });
    expect(routerCalls).toEqual([]);

    await user.clear(form.getByLabelText('Card number'));
    await user.type(form.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(form.getByRole('button', { name: 'PAY' }));
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/store/payment-return?session_id=ms_abc' }]));
    expect(api.to('POST', 'payment/manual/pay')[1].body).toMatchObject({ ClientSecret: 'ms_abc_secret_xyz', CardNumber: '4242424242424242' });
  });

  it('manual provider: the card rules of the shared schema', async () => {
    const { api, user } = openCheckout();
    const form = within(await screen.findByTestId('manual-checkout'));
    await user.type(form.getByLabelText('Card number'), '12ab');
    await user.type(form.getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.type(form.getByLabelText('CVC'), '1');
    await user.click(form.getByRole('button', { name: 'PAY' }));
    expect(await form.findByText('Enter a card number of 12 to 19 digits')).toBeVisible();
    expect(form.getByText('Enter the expiry as MM/YY')).toBeVisible();
    expect(form.getByText('Enter the 3 or 4 digit security code')).toBeVisible();
    expect(api.to('POST', 'payment/manual/pay')).toEqual([]);
  });

  it('an empty cart goes back to the cart', async () => {
    const { api } = openCheckout({ cartModel: pricedCart({}) });
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/store/cart' }]));
    expect(api.to('POST', 'payment/create-manual-session')).toEqual([]);
  });

  it('Pay Now: ?invoice= is passed to the session, the invoice’s amount due shows and the cart is not asked', async () => {
    const { api } = openCheckout({}, { search: `?invoice=${unpaidInvoiceKey}` });
    await screen.findByTestId('manual-checkout');
    expect(api.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      `GET billing/invoice/${unpaidInvoiceKey}`,
      'GET payment/key-info',
      `POST payment/create-manual-session?invoice=${unpaidInvoiceKey}`,
    ]);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$5.40');
    expect(routerCalls).toEqual([]);
  });

  it('Pay Now on an invoice paid meanwhile says there is nothing to pay, links to it and starts no payment', async () => {
    storeVisitor();
    const api = serveStore((call) => {
      if (call.path === `billing/invoice/${unpaidInvoiceKey}`) return { body: { Key: unpaidInvoiceKey, TotalAmount: 540, TotalAmountDue: 0, FullyPaidDate: '2026-11-20T10:00:00Z', IsVoid: false } };
      if (call.path === 'payment/key-info') return keyInfo('manual');
    });
    renderStore(<Checkout />, 'en', { search: `?invoice=${unpaidInvoiceKey}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice has nothing left to pay.');
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/account/billing/invoice/${unpaidInvoiceKey}`);
    expect(screen.queryByTestId('amount-due')).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('manual provider: a session closed meanwhile (the order changed in another window) starts the checkout again with the current amount', async () => {
    storeVisitor();
    let total = 10800;
    let paid = 0;
    const api = serveStore((call) => {
      if (call.path === 'store/cart') return { body: { ...cart, TotalAmount: total } };
      if (call.path === 'payment/key-info') return keyInfo('manual');
      if (call.path.startsWith('payment/create-manual-session')) return { body: { Value: `secret_${api.to('POST', 'payment/create-manual-session').length}` } };
      if (call.path === 'payment/manual/pay') {
        paid += 1;
        total = 32444;
        return paid === 1 ? { status: 400, body: { ErrorMessages: [{ Message: 'This payment session is already closed.' }] } } : { body: { Status: 'complete', SessionId: 'ms_new' } };
      }
    });
    renderStore(<Checkout />);
    const user = userEvent.setup();
    const fill = async () => {
      const form = within(await screen.findByTestId('manual-checkout'));
      await user.type(form.getByLabelText('Card number'), '4242 4242 4242 4242');
      await user.type(form.getByLabelText('Expiry (MM/YY)'), '12/30');
      await user.type(form.getByLabelText('CVC'), '123');
      await user.click(form.getByRole('button', { name: 'PAY' }));
    };
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$108.00');
    await fill();
    expect(await screen.findByText(/Your order changed in another window/)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('amount-due')).toHaveTextContent('$324.44'));
    await fill();
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/store/payment-return?session_id=ms_new' }]));
    expect(api.to('POST', 'payment/manual/pay').map((call) => (call.body as { ClientSecret: string }).ClientSecret)).toEqual(['secret_1', 'secret_2']);
  });

  it('shows the texts in German and Russian', async () => {
    openCheckout({}, { locale: 'de' });
    expect(await screen.findByText('TESTMODUS')).toBeVisible();
    expect(screen.getByText('Der Betrag wird in US-Dollar (USD) berechnet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'BEZAHLEN' })).toBeVisible();
    cleanup();
    openCheckout({}, { locale: 'ru' });
    expect(await screen.findByText('ТЕСТОВЫЙ РЕЖИМ')).toBeVisible();
    expect(screen.getByText('Сумма списывается в долларах США (USD).')).toBeVisible();
    expect(screen.getByRole('button', { name: 'ОПЛАТИТЬ' })).toBeVisible();
  });
});

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

  it('goes back to the cart with a message when Stripe.js fails to load', async () => {
    openCheckout({ provider: 'stripe', key: 'pk_test_unreachable' });
    await failStripeScript();
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/store/cart' }]));
    expect(snackText()).toBe('The payment form could not be loaded. Please try again.');
  });

  it('mounts the embedded checkout with the key decoded twice and a session from payment/create-stripe-session', async () => {
    const created: { key: string; secret: string }[] = [];
    (window as { Stripe?: unknown }).Stripe = Object.assign(
      (key: string) => ({
        elements: () => ({}),
        createToken: async () => ({}),
        createPaymentMethod: async () => ({}),
        confirmCardPayment: async () => ({}),
        createEmbeddedCheckoutPage: async ({ fetchClientSecret }: { fetchClientSecret: () => Promise<string> }) => {
          created.push({ key, secret: await fetchClientSecret() });
          return { mount: (node: HTMLElement) => node.append('Stripe form'), unmount() {}, destroy() {} };
        },
      }),
      { version: 3 },
    );
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { api } = openCheckout({ provider: 'stripe' }, { search: `?invoice=${unpaidInvoiceKey}` });
    expect(await screen.findByText('Stripe form')).toBeVisible();
    expect(created).toEqual([{ key: 'pk_test_e2e', secret: 'ms_abc_secret_xyz' }]);
    expect(api.to('POST', `payment/create-stripe-session?invoice=${unpaidInvoiceKey}`)).toHaveLength(1);
  });
});

describe('payment return (spec screen 12)', () => {
  function openReturn(search: string, answer: { Status: string; NewClaims: string[]; InvoiceKey: string | null }, provider: 'manual' | 'stripe' = 'manual') {
    storeVisitor();
    appActions.setCartCount(3);
    const api = serveStore((call) => {
      if (call.path === 'payment/key-info') return keyInfo(provider);
      if (call.path === `payment/${provider}-return`) return { body: answer };
    });
    renderStore(<PaymentReturn />, 'en', { search });
    return api;
  }

  it('shows a spinner, then on complete empties the badge, stores the claims and opens the invoice', async () => {
    const api = openReturn('?session_id=ms_abc', { Status: 'complete', NewClaims: ['app:pdf', 'app:pdf:pro'], InvoiceKey: 'inv-1' });
    expect(screen.getByText('Confirming your payment…')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/account/billing/invoice/inv-1?payment_successful=true' }]));
    expect(api.to('POST', 'payment/manual-return')[0].body).toEqual({ Value: 'ms_abc' });
    expect(appState.get().appInfo.CartItemCount).toBe(0);
    expect(appState.get().sessionInfo?.Claims).toEqual(['app:pdf', 'app:pdf:pro']);
  });

  it('asks the active provider: Stripe sessions go to payment/stripe-return', async () => {
    const api = openReturn('?session_id=cs_test_1', { Status: 'complete', NewClaims: [], InvoiceKey: 'inv-2' }, 'stripe');
    await waitFor(() => expect(routerCalls).toHaveLength(1));
    expect(api.to('POST', 'payment/stripe-return')[0].body).toEqual({ Value: 'cs_test_1' });
  });

  it.each(['open', 'expired'])('says Payment failed. when the status is %s, with the way back to the cart', async (Status) => {
    openReturn('?session_id=ms_abc', { Status, NewClaims: [], InvoiceKey: 'inv-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed.');
    expect(screen.getByRole('link', { name: 'Back to the shopping cart' })).toHaveAttribute('href', '/store/cart');
    expect(appState.get().appInfo.CartItemCount).toBe(3);
    expect(routerCalls).toEqual([]);
  });

  it('after a payment the badge shows what the cart still holds: a payment takes only what it bought', async () => {
    storeVisitor();
    serveStore((call) => {
      if (call.path === 'payment/key-info') return keyInfo('manual');
      if (call.path === 'payment/manual-return') return { body: { Status: 'complete', NewClaims: [], InvoiceKey: 'inv-1' } };
      if (call.path === 'app/app-info') return { body: { CartItemCount: 2, NotificationCount: 0 } };
    });
    renderStore(<PaymentReturn />, 'en', { search: '?session_id=ms_abc' });
    await waitFor(() => expect(appState.get().appInfo.CartItemCount).toBe(2));
  });

  it('without an answer it says the payment is not confirmed yet, not failed, and tries again on request', async () => {
    storeVisitor();
    let answered = false;
    const api = serveStore((call) => {
      if (call.path === 'payment/key-info') return keyInfo('manual');
      if (call.path !== 'payment/manual-return') return undefined;
      if (!answered) {
        answered = true;
        return { status: 503, body: { ErrorMessages: [{ Message: 'Service unavailable' }] } };
      }
      return { body: { Status: 'complete', NewClaims: [], InvoiceKey: 'inv-1' } };
    });
    renderStore(<PaymentReturn />, 'en', { search: '?session_id=ms_abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment yet');
    expect(screen.queryByText('Payment failed.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'replace', href: '/account/billing/invoice/inv-1?payment_successful=true' }]));
    expect(api.to('POST', 'payment/manual-return')).toHaveLength(2);
  });

  it('says Payment failed. without a session id, and asks nothing', async () => {
    const api = openReturn('', { Status: 'complete', NewClaims: [], InvoiceKey: 'inv-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed.');
    expect(api.calls).toEqual([]);
  });
});
