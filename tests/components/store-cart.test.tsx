import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkoutDisabled } from '@/components/store/CartSummary';
import { ShoppingCart } from '@/components/store/ShoppingCart';
import type { CartModel } from '@/lib/contract/store';
import { appActions, appState } from '@/lib/state/app-state';
import { authDialogState } from '@/lib/state/auth-dialogs';
import type { ApiCall } from './account-helpers';
import { routerCalls, type TestLocale } from './render';
import { catalog, countries, deferred, noBilling, pricedCart, renderStore, serveStore, settle, storeTexts, storeVisitor, texasBilling, usStates } from './store-helpers';

type PutAnswer = (call: ApiCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** The backend of the cart page: the saved cart, the catalog, countries, states, and PUT store/cart. */
function serveCart(saved: CartModel, onPut: PutAnswer = () => ({ body: saved })) {
  return serveStore((call) => {
    if (call.method === 'PUT' && call.path === 'store/cart') return onPut(call);
    const answers: Record<string, unknown> = { 'store/cart': saved, 'store/catalog': catalog, 'app/countries': countries, 'app/us-states': usStates };
    return call.path in answers ? { body: answers[call.path] } : undefined;
  });
}

async function openCart(saved: CartModel, onPut?: PutAnswer, locale: TestLocale = 'en') {
  storeVisitor({ locale });
  const api = serveCart(saved, onPut);
  renderStore(<ShoppingCart />, locale);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await screen.findByRole('table');
  const texts = storeTexts(locale).cart;
  return {
    api,
    user,
    tax: () => screen.getByTestId('cart-tax'),
    checkout: () => screen.getByRole('button', { name: texts.checkout }),
    field: (label: string) => screen.getByLabelText(label),
  };
}

const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const twoItems = { 'pdf-workshop-pro-monthly': 1, 'pdf-workshop-pro-yearly': 1 };

describe('cart page (spec screen 10)', () => {
  it('shows a loading state, then the line items with unit price, quantity and sub total in USD', async () => {
    storeVisitor();
    const cart = deferred<{ body: unknown }>();
    serveStore((call) => {
      if (call.path === 'store/cart') return cart.promise;
      const answers: Record<string, unknown> = { 'store/catalog': catalog, 'app/countries': countries, 'app/us-states': usStates };
      return call.path in answers ? { body: answers[call.path] } : undefined;
    });
    renderStore(<ShoppingCart />);
    expect(screen.getByText('Loading your shopping cart…')).toHaveAttribute('role', 'status');
    cart.resolve({ body: pricedCart({ 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 }, texasBilling) });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Description', 'Unit price', 'Quantity', 'Sub total']);
    const monthly = within(within(table).getByRole('row', { name: /PDF Workshop Pro, monthly/ }));
    expect(monthly.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$9.99', '', '$19.98']);
    // Narrow screens read the unit price under the description instead of in its column.
    expect(monthly.getByRole('rowheader')).toHaveTextContent('PDF Workshop Pro, monthly$9.99');
    expect(monthly.getByRole('textbox', { name: 'Quantity of PDF Workshop Pro, monthly' })).toHaveValue('2');
    expect(monthly.getByRole('textbox', { name: 'Quantity of PDF Workshop Pro, monthly' })).toHaveAttribute('maxLength', '3');
    expect(within(table).getByRole('row', { name: /Architecture review/ })).toHaveTextContent('$1,500.00');
    // $1,519.98 at 8.25 % = $125.40
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$1,519.98');
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$125.40');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,645.38');
    expect(appState.get().appInfo.CartItemCount).toBe(3);
  });

  it('prefills the billing contact from the cart', async () => {
    const { field } = await openCart(pricedCart(twoItems, { ...texasBilling, BillingAddress2: 'Suite 5', IsBusinessPurchase: true }));
    expect(field('Name')).toHaveValue('Ann Example');
    expect(field('Address line 1')).toHaveValue('1 Main St');
    expect(field('Address line 2 (optional)')).toHaveValue('Suite 5');
    expect(field('City')).toHaveValue('Plano');
    expect(field('Postal code')).toHaveValue('75024');
    expect(field('Country')).toHaveValue('US');
    expect(field('State')).toHaveValue('TX');
    expect(field('This is a business purchase')).toBeChecked();
  });

  it('tax: a change shows not calculated; 2000 ms later a valid form shows calculating and saves the cart; then the totals', async () => {
    const saved = pricedCart(twoItems);
    const answer = deferred<{ body: unknown }>();
    const { api, user, tax, checkout, field } = await openCart(saved, () => answer.promise);
    expect(tax()).toHaveTextContent('address required');
    expect(tax()).toHaveAttribute('role', 'status');
    await user.type(field('Name'), 'Ann Example');
    await user.type(field('Address line 1'), '1 Main St');
    await user.type(field('City'), 'Plano');
    await user.type(field('Postal code'), '75024');
    await user.selectOptions(field('Country'), 'US');
    await user.selectOptions(field('State'), 'TX');
    expect(tax()).toHaveTextContent('not calculated');
    expect(checkout()).toBeDisabled();

    await wait(1999);
    expect(tax()).toHaveTextContent('not calculated');
    expect(api.to('PUT', 'store/cart')).toEqual([]);

    await wait(1);
    expect(tax()).toHaveTextContent('calculating');
    expect(checkout()).toBeDisabled();
    expect(api.to('PUT', 'store/cart').map((call) => call.body)).toEqual([
      {
        Items: [
          { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
          { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
        ],
        BillingInfo: { Name: 'Ann Example', Address1: '1 Main St', Address2: '', City: 'Plano', StateCode: 'TX', PostalCode: '75024', CountryCode: 'US', IsBusinessPurchase: false },
        IsAddition: false,
      },
    ]);

    // $108.99 at 8.25 % = $8.99
    answer.resolve({ body: pricedCart(twoItems, texasBilling) });
    await settle();
    expect(tax()).toHaveTextContent('$8.99');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$117.98');
    await waitFor(() => expect(checkout()).toBeEnabled());
  });

  it('tax: an incomplete address shows address required after the pause and saves nothing', async () => {
    const { api, user, tax, checkout, field } = await openCart(pricedCart(twoItems, texasBilling));
    await waitFor(() => expect(checkout()).toBeEnabled());
    expect(tax()).toHaveTextContent('$8.99');
    await user.clear(field('City'));
    expect(tax()).toHaveTextContent('not calculated');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('—');
    expect(checkout()).toBeDisabled();
    await wait(2000);
    expect(tax()).toHaveTextContent('address required');
    expect(api.to('PUT', 'store/cart')).toEqual([]);
    expect(checkout()).toBeDisabled();
    expect(screen.getByText('Required')).toBeVisible();
  });

  it('a newer change wins over an answer still on its way', async () => {
    const answers = [deferred<{ body: unknown }>(), deferred<{ body: unknown }>()];
    const { api, user, tax, field } = await openCart(pricedCart(twoItems, texasBilling), () => answers[api.to('PUT', 'store/cart').length - 1].promise);
    await user.type(field('Address line 1'), 'A');
    await wait(2000);
    expect(tax()).toHaveTextContent('calculating');
    await user.type(field('Address line 1'), 'B');
    answers[0].resolve({ body: pricedCart(twoItems, texasBilling) });
    await settle();
    expect(tax()).toHaveTextContent('not calculated');
    await wait(2000);
    answers[1].resolve({ body: pricedCart(twoItems, texasBilling) });
    await settle();
    expect(tax()).toHaveTextContent('$8.99');
    expect(api.to('PUT', 'store/cart').map((call) => (call.body as { BillingInfo: { Address1: string } }).BillingInfo.Address1)).toEqual(['1 Main StA', '1 Main StAB']);
  });

  it('a save that fails says so and offers TRY AGAIN, which saves the cart as it is', async () => {
    let answers = 0;
    const { api, user, tax, field, checkout } = await openCart(pricedCart(twoItems, texasBilling), () =>
      answers++ === 0 ? { status: 503, body: { ErrorMessages: [{ Message: 'Service unavailable' }] } } : { body: pricedCart({ ...twoItems, 'pdf-workshop-pro-yearly': 2 }, texasBilling) },
    );
    fireEvent.change(field('Quantity of PDF Workshop Pro, yearly'), { target: { value: '2' } });
    await wait(2000);
    await settle();
    expect(tax()).toHaveTextContent('not saved');
    expect(screen.getByRole('alert')).toHaveTextContent('The cart could not be saved.');
    expect(checkout()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    await settle();
    expect(api.to('PUT', 'store/cart')).toHaveLength(2);
    expect(tax()).toHaveTextContent('$');
    expect(screen.queryByText('The cart could not be saved.')).toBeNull();
  });

  it('edits quantities (0–100), and the trash button sets 0; the saved cart drops the line and the badge follows', async () => {
    const { api, user, field } = await openCart(pricedCart(twoItems, texasBilling), (call) => {
      const items = (call.body as { Items: { ServiceOfferKey: string; Quantity: number }[] }).Items;
      return { body: pricedCart(Object.fromEntries(items.map((item) => [item.ServiceOfferKey, item.Quantity])), texasBilling) };
    });
    const quantity = field('Quantity of PDF Workshop Pro, monthly');
    await user.clear(quantity);
    await user.type(quantity, '1010');
    expect(quantity).toHaveValue('101');
    expect(await screen.findByText('Must be between 0 and 100')).toBeVisible();
    await wait(2000);
    expect(api.to('PUT', 'store/cart')).toEqual([]);
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('not calculated');

    await user.clear(quantity);
    await user.type(quantity, '3');
    await wait(2000);
    await settle();
    expect(api.to('PUT', 'store/cart').at(-1)?.body).toMatchObject({ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 3 }, { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }] });
    expect(appState.get().appInfo.CartItemCount).toBe(4);

    await user.click(screen.getByRole('button', { name: 'Remove PDF Workshop Pro, monthly' }));
    expect(quantity).toHaveValue('0');
    await wait(2000);
    await settle();
    expect(api.to('PUT', 'store/cart').at(-1)?.body).toMatchObject({ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 }, { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }] });
    expect(screen.queryByRole('row', { name: /PDF Workshop Pro, monthly/ })).toBeNull();
    expect(appState.get().appInfo.CartItemCount).toBe(1);
  });

  it('offers TRY AGAIN when the cart could not be loaded', async () => {
    storeVisitor();
    let failures = 1;
    serveStore((call) => {
      if (call.path === 'store/cart') return failures-- > 0 ? { status: 500, body: { ErrorMessages: [{ Message: 'Internal server error' }] } } : { body: pricedCart({ 'pdf-workshop-pro-yearly': 1 }, texasBilling) };
      if (call.path === 'store/catalog') return { body: catalog };
      if (call.path === 'app/countries') return { body: countries };
      if (call.path === 'app/us-states') return { body: usStates };
    });
    renderStore(<ShoppingCart />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The shopping cart could not be loaded.');
    await userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) }).click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('textbox', { name: 'Quantity of PDF Workshop Pro, yearly' })).toHaveValue('1');
  });

  it('an empty cart says so, with Add products to pricing', async () => {
    storeVisitor();
    serveCart(pricedCart({}));
    renderStore(<ShoppingCart />);
    expect(await screen.findByText('Shopping cart is empty')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add products' })).toHaveAttribute('href', '/store/pricing');
    expect(screen.queryByRole('button', { name: 'SECURE CHECKOUT' })).toBeNull();
  });

  it('SECURE CHECKOUT opens the checkout; Add other products goes to pricing', async () => {
    const { user, checkout } = await openCart(pricedCart(twoItems, texasBilling));
    expect(screen.getByRole('link', { name: 'Add other products' })).toHaveAttribute('href', '/store/pricing');
    await waitFor(() => expect(checkout()).toBeEnabled());
    await user.click(checkout());
    expect(routerCalls).toContainEqual({ method: 'push', href: '/store/checkout' });
  });

  it('keeps the edits when the session ends on a save, and saves them after the login', async () => {
    let answers = 0;
    const { api, field } = await openCart(pricedCart(twoItems, texasBilling), () =>
      answers++ === 0 ? { status: 401, body: { ErrorMessages: [{ Message: 'Please log in to continue.' }] } } : { body: pricedCart({ ...twoItems, 'pdf-workshop-pro-yearly': 3 }, texasBilling) },
    );
    const quantity = field('Quantity of PDF Workshop Pro, yearly');
    fireEvent.change(quantity, { target: { value: '3' } });
    await wait(2000);
    await settle();
    expect(authDialogState.get()).toEqual({ open: 'login', returnTo: '/store/cart' });
    expect(screen.getByText(/Your session has ended/)).toBeVisible();
    expect(quantity).toHaveValue('3');
    act(() => {
      authDialogState.reset();
      appActions.setSession({ UserName: 'ann@example.com', DisplayName: null, Claims: [] });
    });
    await settle();
    await settle();
    expect(api.to('PUT', 'store/cart').map((call) => (call.body as { Items: unknown[] }).Items)).toEqual([
      [
        { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
        { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 3 },
      ],
      [
        { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
        { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 3 },
      ],
    ]);
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
    expect(screen.getByTestId('cart-tax')).not.toHaveTextContent('not calculated');
  });

  it('asks for a login that returns to the cart when the session is gone', async () => {
    storeVisitor({ loggedIn: false });
    serveCart(pricedCart(twoItems));
    renderStore(<ShoppingCart />);
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(authDialogState.get().returnTo).toBe('/store/cart');
    expect(screen.getByText('Please log in to see your shopping cart.')).toBeVisible();
  });
});

describe('SECURE CHECKOUT is disabled (spec §4 Cart)', () => {
  const ready = { total: 10899, saving: false, formValid: true, tax: 'calculated' as const };
  it.each([
    ['the total is 0', { total: 0 }],
    ['saving', { saving: true }],
    ['the form is invalid', { formValid: false }],
    ['the tax is not calculated', { tax: 'notCalculated' as const }],
    ['the tax is calculating', { tax: 'calculating' as const }],
    ['the address is required', { tax: 'addressRequired' as const }],
  ])('when %s', (_, change) => {
    expect(checkoutDisabled({ ...ready, ...change })).toBe(true);
  });

  it('and enabled otherwise', () => {
    expect(checkoutDisabled(ready)).toBe(false);
  });

  it('on screen at a total of 0 even with a calculated tax', async () => {
    const free = { ...pricedCart(twoItems, texasBilling), SubTotalAmount: 0, TaxTotalAmount: 0, TotalAmount: 0 };
    const { checkout, tax } = await openCart(free);
    expect(tax()).toHaveTextContent('$0.00');
    await settle();
    expect(checkout()).toBeDisabled();
  });
});

describe.each([
  ['en', 'Required', 'Must be at most 25 characters'],
  ['de', 'Pflichtfeld', 'Höchstens 25 Zeichen erlaubt'],
  ['ru', 'Обязательное поле', 'Максимум 25 символов'],
] as const)('billing messages in %s (spec §5)', (locale, required, max25) => {
  it('asks for the state only for the United States', async () => {
    const texts = storeTexts(locale).cart;
    const { user, field } = await openCart(pricedCart(twoItems, noBilling), undefined, locale);
    expect(screen.queryByLabelText(texts.state)).toBeNull();
    await user.selectOptions(field(texts.country), 'US');
    const state = field(texts.state);
    await user.click(state);
    await user.tab();
    await waitFor(() => expect(state).toHaveAccessibleDescription(required));
    await user.selectOptions(field(texts.country), 'DE');
    expect(screen.queryByLabelText(texts.state)).toBeNull();
    expect(screen.queryByText(required)).toBeNull();
  });

  it('shows required and length messages once a field is touched', async () => {
    const texts = storeTexts(locale).cart;
    const { user, field } = await openCart(pricedCart(twoItems, noBilling), undefined, locale);
    expect(screen.queryByText(required)).toBeNull();
    await user.click(field(texts.name));
    await user.tab();
    await waitFor(() => expect(field(texts.name)).toHaveAccessibleDescription(required));
    await user.type(field(texts.address2), 'x'.repeat(26));
    await waitFor(() => expect(field(texts.address2)).toHaveAccessibleDescription(max25));
    await user.click(field(texts.country));
    await user.tab();
    await waitFor(() => expect(field(texts.country)).toHaveAccessibleDescription(required));
  });
});
