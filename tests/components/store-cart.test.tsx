import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkoutDisabled } from '@/components/store/CartSummary';
import { ShoppingCart } from '@/components/store/ShoppingCart';
import type { BillingInfoInput, UpdateCartRequest } from '@/lib/contract/store';
import { appState } from '@/lib/state/app-state';
import { texasBilling } from '../support/billing-contacts';
import { logInThroughDialog } from './account-helpers';
import { routerCalls, type TestLocale } from './render';
import { anonymousVisitor, eventually, renderStore, savedCart, shopper, storeTexts, type Quantities } from './store-helpers';
import { strongPassword } from './runner/accounts';
import { network, pageApi } from './runner/network';

// Each test signs up its own account; some save the cart more than once.

const twoItems: Quantities = { 'pdf-workshop-pro-monthly': 1, 'pdf-workshop-pro-yearly': 1 };

/**
 * The cart page of a new account holding `cart`. The account is made on real time (its code
 * comes by mail); the page then runs on Jest's clock, to step through the 2000 ms pause.
 */
async function openCart({ cart = twoItems, billing = texasBilling as BillingInfoInput | null, locale = 'en' as TestLocale } = {}) {
  const account = await shopper({ cart, billing, locale });
  // React's act() checks in a microtask that its promise was awaited; a faked queueMicrotask
  // would run that check inside user-event's timer step, before the await, and warn falsely.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  const view = renderStore(<ShoppingCart />, locale);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await eventually(() => screen.getByRole('table'));
  const texts = storeTexts(locale).cart;
  return {
    account,
    view,
    user,
    // Emptying a field makes react-hook-form validate asynchronously; its answer can land after
    // user-event's own act() has ended, so the clear runs inside one more.
    clear: (element: HTMLElement) => act(() => user.clear(element)),
    tax: () => screen.getByTestId('cart-tax'),
    checkout: () => screen.getByRole('button', { name: texts.checkout }),
    field: (label: string) => screen.getByLabelText(label),
  };
}

const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

/** What the page sent with PUT store/cart, oldest first. */
const sentCarts = () => network.calls('PUT store/cart').map((call) => call.body as UpdateCartRequest);

afterEach(() => jest.useRealTimers());

describe('cart page', () => {
  it('shows a loading state, then the line items with unit price, quantity and sub total in USD', async () => {
    await shopper({ cart: { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 } });
    const cartLoad = network.hold('GET store/cart');
    renderStore(<ShoppingCart />);
    expect(screen.getByText('Loading your shopping cart…')).toHaveAttribute('role', 'status');
    await cartLoad.reached;
    expect(screen.getByText('Loading your shopping cart…')).toBeVisible();
    cartLoad.release();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Description', 'Unit price', 'Quantity', 'Sub total']);
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
    const { field } = await openCart({ billing: { ...texasBilling, IsBusinessPurchase: true } });
    expect(field('Name')).toHaveValue('Ann Smith');
    expect(field('Address line 1')).toHaveValue('100 Main Street');
    expect(field('Address line 2 (optional)')).toHaveValue('Suite 5');
    expect(field('City')).toHaveValue('Plano');
    expect(field('Postal code')).toHaveValue('75024');
    expect(field('Country')).toHaveValue('US');
    expect(field('State')).toHaveValue('TX');
    expect(field('This is a business purchase')).toBeChecked();
  });

  it('tax: a change shows not calculated; 2000 ms later a valid form shows calculating and saves the cart; then the totals', async () => {
    const { user, tax, checkout, field } = await openCart({ billing: null });
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
    expect(sentCarts()).toEqual([]);

    // The save is held on the network, to see the page while it waits for the answer.
    const save = network.hold('PUT store/cart');
    await wait(1);
    await act(() => save.reached);
    expect(tax()).toHaveTextContent('calculating');
    expect(checkout()).toBeDisabled();
    expect(sentCarts()).toEqual([
      {
        Items: [
          { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
          { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
        ],
        BillingInfo: {
          Name: 'Ann Example',
          Address1: '1 Main St',
          Address2: '',
          City: 'Plano',
          StateCode: 'TX',
          PostalCode: '75024',
          CountryCode: 'US',
          IsBusinessPurchase: false,
          // The business details go with a business purchase only.
          CompanyName: null,
          TaxId: null,
          PurchaseOrder: null,
        },
        IsAddition: false,
      },
    ]);

    // $108.99 at 8.25 % = $8.99
    save.release();
    await eventually(() => expect(tax()).toHaveTextContent('$8.99'));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$117.98');
    await eventually(() => expect(checkout()).toBeEnabled());
    expect(await savedCart()).toMatchObject({ BillingName: 'Ann Example', BillingStateCode: 'TX', TotalAmount: 11798 });
  });

  it('tax: an incomplete address shows address required after the pause and saves nothing', async () => {
    const { clear, tax, checkout, field } = await openCart();
    await eventually(() => expect(checkout()).toBeEnabled());
    expect(tax()).toHaveTextContent('$8.99');
    await clear(field('City'));
    expect(tax()).toHaveTextContent('not calculated');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('—');
    expect(checkout()).toBeDisabled();
    await wait(2000);
    expect(tax()).toHaveTextContent('address required');
    expect(sentCarts()).toEqual([]);
    expect(checkout()).toBeDisabled();
    expect(screen.getByText('Required')).toBeVisible();
  });

  it('a newer change wins over an answer still on its way', async () => {
    const { user, tax, field } = await openCart();
    const firstSave = network.hold('PUT store/cart');
    fireEvent.change(field('Quantity of PDF Workshop Pro, yearly'), { target: { value: '2' } });
    await wait(2000);
    await act(() => firstSave.reached);
    expect(tax()).toHaveTextContent('calculating');
    await user.type(field('Address line 1'), 'B');
    firstSave.release();
    // The first answer has come once the badge counts its 3 items; the page does not show it.
    await eventually(() => expect(appState.get().appInfo.CartItemCount).toBe(3));
    expect(tax()).toHaveTextContent('not calculated');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$108.99');
    await wait(2000);
    // $207.99 at 8.25 % = $17.16
    await eventually(() => expect(tax()).toHaveTextContent('$17.16'));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$207.99');
    expect(sentCarts().map((sent) => sent.BillingInfo?.Address1)).toEqual(['100 Main Street', '100 Main StreetB']);
    expect((await savedCart()).BillingAddress1).toBe('100 Main StreetB');
  });

  it('a save that fails at a gateway (503) says so and offers TRY AGAIN, which saves the cart as it is', async () => {
    const { user, tax, field, checkout } = await openCart();
    network.gatewayError('PUT store/cart', 503, '<h1>Service Unavailable</h1>');
    fireEvent.change(field('Quantity of PDF Workshop Pro, yearly'), { target: { value: '2' } });
    await wait(2000);
    expect(await eventually(() => screen.getByRole('alert'))).toHaveTextContent('The cart could not be saved.');
    expect(tax()).toHaveTextContent('not saved');
    expect(checkout()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    // $207.99 at 8.25 % = $17.16
    await eventually(() => expect(tax()).toHaveTextContent('$17.16'));
    expect(sentCarts()).toHaveLength(2);
    expect(screen.queryByText('The cart could not be saved.')).toBeNull();
    expect((await savedCart()).LineItems.map((line) => [line.Key, line.Quantity])).toEqual([
      ['pdf-workshop-pro-monthly', 1],
      ['pdf-workshop-pro-yearly', 2],
    ]);
  });

  it('edits quantities (0–100), and the trash button sets 0; the saved cart drops the line and the badge follows', async () => {
    const { user, clear, field } = await openCart();
    const quantity = field('Quantity of PDF Workshop Pro, monthly');
    await clear(quantity);
    await user.type(quantity, '1010');
    expect(quantity).toHaveValue('101');
    expect(await eventually(() => screen.getByText('Must be between 0 and 100'))).toBeVisible();
    await wait(2000);
    expect(sentCarts()).toEqual([]);
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('not calculated');

    await clear(quantity);
    await user.type(quantity, '3');
    await wait(2000);
    await eventually(() => expect(appState.get().appInfo.CartItemCount).toBe(4));
    expect(sentCarts().at(-1)).toMatchObject({
      Items: [
        { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 3 },
        { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Remove PDF Workshop Pro, monthly' }));
    expect(quantity).toHaveValue('0');
    await wait(2000);
    await eventually(() => expect(screen.queryByRole('row', { name: /PDF Workshop Pro, monthly/ })).toBeNull());
    expect(sentCarts().at(-1)).toMatchObject({
      Items: [
        { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 },
        { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
      ],
    });
    expect(appState.get().appInfo.CartItemCount).toBe(1);
    expect((await savedCart()).LineItems.map((line) => line.Key)).toEqual(['pdf-workshop-pro-yearly']);
  });

  it('without a billing contact the trash button still saves: the line, the badge and the subtotal go, and a reload agrees', async () => {
    const { user, view, tax, checkout } = await openCart({ billing: null });
    expect(appState.get().appInfo.CartItemCount).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Remove PDF Workshop Pro, monthly' }));
    await wait(2000);
    await eventually(() => expect(screen.queryByRole('row', { name: /PDF Workshop Pro, monthly/ })).toBeNull());
    expect(sentCarts()).toEqual([
      {
        Items: [
          { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 },
          { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 },
        ],
        BillingInfo: null,
        IsAddition: false,
      },
    ]);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$99.00');
    expect(appState.get().appInfo.CartItemCount).toBe(1);
    // Only the tax needs the address.
    expect(tax()).toHaveTextContent('address required');
    expect(checkout()).toBeDisabled();

    view.unmount();
    renderStore(<ShoppingCart />);
    await eventually(() => screen.getByRole('table'));
    expect(screen.getAllByRole('row', { name: /PDF Workshop Pro/ }).map((row) => row.getAttribute('data-line'))).toEqual([
      'pdf-workshop-pro-yearly',
    ]);
    expect((await savedCart()).BillingName).toBeNull();
  });

  it('a change made within the pause is saved when the page is left for another one', async () => {
    const { user, view } = await openCart({ billing: null });
    await user.click(screen.getByRole('button', { name: 'Remove PDF Workshop Pro, monthly' }));
    await wait(500);
    expect(sentCarts()).toEqual([]);
    view.unmount();
    await eventually(() => expect(sentCarts()).toHaveLength(1));
    await network.settled();
    expect((await savedCart()).LineItems.map((line) => line.Key)).toEqual(['pdf-workshop-pro-yearly']);
    expect(appState.get().appInfo.CartItemCount).toBe(1);
  });

  it('a change made within the pause is saved as the page closes, with a request that outlives it', async () => {
    const { field } = await openCart();
    fireEvent.change(field('Quantity of PDF Workshop Pro, yearly'), { target: { value: '4' } });
    await wait(1000);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await eventually(() => expect(network.calls('PUT store/cart')).toHaveLength(1));
    expect(network.calls('PUT store/cart')[0]).toMatchObject({ keepalive: true, body: { BillingInfo: { Name: 'Ann Smith' } } });
    await network.settled();
    expect((await savedCart()).LineItems.map((line) => [line.Key, line.Quantity])).toEqual([
      ['pdf-workshop-pro-monthly', 1],
      ['pdf-workshop-pro-yearly', 4],
    ]);
    // The pause then saves nothing more.
    await wait(2000);
    await network.settled();
    expect(network.calls('PUT store/cart')).toHaveLength(1);
  });

  it('keyboard: a removed line hands the focus to the line in its place, and the last one to Add products', async () => {
    const { user } = await openCart();
    screen.getByRole('button', { name: 'Remove PDF Workshop Pro, monthly' }).focus();
    await user.keyboard('{Enter}');
    await wait(2000);
    await eventually(() => expect(screen.queryByRole('row', { name: /PDF Workshop Pro, monthly/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove PDF Workshop Pro, yearly' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await wait(2000);
    expect(await eventually(() => screen.getByRole('link', { name: 'Add products' }))).toHaveFocus();
  });

  it('offers TRY AGAIN when the cart could not be loaded (a gateway answers 502)', async () => {
    await shopper({ cart: { 'pdf-workshop-pro-yearly': 1 } });
    network.gatewayError('GET store/cart', 502);
    renderStore(<ShoppingCart />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The shopping cart could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('textbox', { name: 'Quantity of PDF Workshop Pro, yearly' })).toHaveValue('1');
  });

  it('an empty cart says so, with Add products to pricing', async () => {
    await shopper();
    renderStore(<ShoppingCart />);
    expect(await screen.findByText('Shopping cart is empty')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add products' })).toHaveAttribute('href', '/store/pricing');
    expect(screen.queryByRole('button', { name: 'SECURE CHECKOUT' })).toBeNull();
  });

  it('SECURE CHECKOUT opens the checkout; Add other products goes to pricing', async () => {
    const { user, checkout } = await openCart();
    expect(screen.getByRole('link', { name: 'Add other products' })).toHaveAttribute('href', '/store/pricing');
    await eventually(() => expect(checkout()).toBeEnabled());
    await user.click(checkout());
    expect(routerCalls).toContainEqual({ method: 'push', href: '/store/checkout' });
  });

  it('keeps the edits when the session ends on a save, and saves them after the login', async () => {
    const { account, user, field } = await openCart();
    // Another tab of the browser logs out.
    await pageApi('PUT', 'auth/logout');
    const quantity = field('Quantity of PDF Workshop Pro, yearly');
    fireEvent.change(quantity, { target: { value: '3' } });
    await wait(2000);
    const login = await eventually(() => screen.getByRole('dialog', { name: 'Login' }));
    expect(screen.getByText(/Your session has ended/)).toBeVisible();
    expect(quantity).toHaveValue('3');

    await user.type(within(login).getByLabelText('Email'), account.email);
    await user.type(within(login).getByLabelText('Password'), strongPassword);
    await user.click(within(login).getByRole('button', { name: 'SIGN IN' }));
    await eventually(() => expect(screen.queryByText(/Your session has ended/)).toBeNull());
    expect(routerCalls).toEqual([{ method: 'push', href: '/store/cart' }]);
    await eventually(() => expect(sentCarts()).toHaveLength(2));
    const threeYearly = [
      { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
      { ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 3 },
    ];
    expect(sentCarts().map((sent) => sent.Items)).toEqual([threeYearly, threeYearly]);
    await eventually(() => expect(screen.getByTestId('cart-tax')).not.toHaveTextContent(/not calculated|calculating/));
    expect((await savedCart()).LineItems.find((line) => line.Key === 'pdf-workshop-pro-yearly')?.Quantity).toBe(3);
  });

  it('keeps what was typed into the billing contact when the saved cart cannot be reloaded after the login', async () => {
    const { account, user, field } = await openCart();
    await pageApi('PUT', 'auth/logout'); // another tab of the browser
    fireEvent.change(field('Name'), { target: { value: 'Ada Typed' } });
    await wait(2000);
    const login = await eventually(() => screen.getByRole('dialog', { name: 'Login' }));
    // The login reloads the saved cart; a gateway fails that once.
    network.gatewayError('GET store/cart', 503);
    await user.type(within(login).getByLabelText('Email'), account.email);
    await user.type(within(login).getByLabelText('Password'), strongPassword);
    await user.click(within(login).getByRole('button', { name: 'SIGN IN' }));
    await eventually(() => expect(network.calls('GET store/cart')).toHaveLength(2));
    await eventually(() => expect(screen.queryByText(/Your session has ended/)).toBeNull());
    expect(field('Name')).toHaveValue('Ada Typed');
    await eventually(() => expect(sentCarts().at(-1)?.BillingInfo).toMatchObject({ Name: 'Ada Typed' }));
    await eventually(() => expect(screen.getByTestId('cart-tax')).not.toHaveTextContent(/not calculated|calculating/));
    expect((await savedCart()).BillingName).toBe('Ada Typed');
  });

  it('asks for a login that returns to the cart when the session is gone', async () => {
    anonymousVisitor();
    renderStore(<ShoppingCart />);
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(screen.getByText('Please log in to see your shopping cart.')).toBeVisible();
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/store/cart' }]);
  });
});

describe('SECURE CHECKOUT is disabled (cart and tax)', () => {
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
});

describe.each([
  ['en', 'Required', 'Must be at most 25 characters'],
  ['de', 'Pflichtfeld', 'Höchstens 25 Zeichen erlaubt'],
  ['ru', 'Обязательное поле', 'Максимум 25 символов'],
] as const)('billing messages in %s (billing contact rules)', (locale, required, max25) => {
  it('asks for the state only for the United States', async () => {
    const texts = storeTexts(locale).cart;
    const { user, field } = await openCart({ billing: null, locale });
    expect(screen.queryByLabelText(texts.state)).toBeNull();
    await user.selectOptions(field(texts.country), 'US');
    const state = field(texts.state);
    await user.click(state);
    await user.tab();
    await eventually(() => expect(state).toHaveAccessibleDescription(required));
    await user.selectOptions(field(texts.country), 'DE');
    expect(screen.queryByLabelText(texts.state)).toBeNull();
    expect(screen.queryByText(required)).toBeNull();
  });

  it('shows required and length messages once a field is touched', async () => {
    const texts = storeTexts(locale).cart;
    const { user, field } = await openCart({ billing: null, locale });
    expect(screen.queryByText(required)).toBeNull();
    await user.click(field(texts.name));
    await user.tab();
    await eventually(() => expect(field(texts.name)).toHaveAccessibleDescription(required));
    await user.type(field(texts.address2), 'x'.repeat(26));
    await eventually(() => expect(field(texts.address2)).toHaveAccessibleDescription(max25));
    await user.click(field(texts.country));
    await user.tab();
    await eventually(() => expect(field(texts.country)).toHaveAccessibleDescription(required));
  });
});
