import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PricingOffers } from '@/components/store/PricingOffers';
import { appActions, appState } from '@/lib/state/app-state';
import { authDialogState } from '@/lib/state/auth-dialogs';
import { snackbarStore } from '@/lib/state/snackbar';
import { snackText } from './account-helpers';
import { catalog, deferred, pricedCart, renderStore, serveStore, settle, storeVisitor } from './store-helpers';

const card = (description: string) => screen.getByRole('article', { name: description });

function serveCatalog(offers = catalog) {
  return serveStore((call) => {
    if (call.path === 'store/catalog') return { body: offers };
    if (call.method === 'PUT' && call.path === 'store/cart') return { body: pricedCart({ 'pdf-workshop-pro-yearly': 2, 'pdf-workshop-pro-monthly': 1 }) };
  });
}

describe('pricing page (spec screen 9)', () => {
  it('shows a loading state, then one card per offer', async () => {
    storeVisitor();
    const loading = deferred<{ body: unknown }>();
    serveStore((call) => (call.path === 'store/catalog' ? loading.promise : undefined));
    renderStore(<PricingOffers />);
    expect(screen.getByText('Loading products and services…')).toHaveAttribute('role', 'status');
    loading.resolve({ body: catalog });
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(4);
    expect(screen.queryByText('Loading products and services…')).toBeNull();
  });

  it('offers TRY AGAIN when the catalog could not be loaded, and shows the offers once it loads', async () => {
    storeVisitor();
    let failures = 1;
    serveStore((call) => (call.path !== 'store/catalog' ? undefined : failures-- > 0 ? { status: 503, body: { ErrorMessages: [{ Message: 'Try later' }] } } : { body: catalog }));
    renderStore(<PricingOffers />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(4);
  });

  it('paid offers show Only {price} in USD with 2 decimals, an optional Save amount without decimals, and ADD TO CART', async () => {
    storeVisitor();
    serveCatalog();
    renderStore(<PricingOffers />);
    const yearly = within(await screen.findByRole('article', { name: 'PDF Workshop Pro, yearly' }));
    expect(yearly.getByText('Only $99.00')).toBeVisible();
    expect(yearly.getByText('Save $21')).toBeVisible();
    expect(yearly.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    expect(yearly.getByRole('link', { name: 'PDF Workshop Pro, yearly' })).toHaveAttribute('href', '/solutions/pdf');
    expect(yearly.getByText('12 months for the price of 10')).toBeVisible();

    const monthly = within(card('PDF Workshop Pro, monthly'));
    expect(monthly.getByText('Only $9.99')).toBeVisible();
    expect(monthly.queryByText(/^Save/)).toBeNull();
    expect(within(card('Architecture review (one week)')).getByText('Only $1,500.00')).toBeVisible();
    expect(within(card('Architecture review (one week)')).getByRole('link', { name: 'Architecture review (one week)' })).toHaveAttribute('href', '/solutions/consulting');
  });

  it('free plans (TrialDays -1) have their own background and START to the app page, without a price', async () => {
    storeVisitor();
    serveCatalog();
    renderStore(<PricingOffers />);
    const free = await screen.findByRole('article', { name: 'PDF Workshop Free' });
    expect(free).toHaveAttribute('data-free-plan', 'true');
    expect(free.className).toContain('bg-brand-50');
    expect(card('PDF Workshop Pro, monthly')).not.toHaveAttribute('data-free-plan');
    expect(card('PDF Workshop Pro, monthly').className).toContain('bg-white');
    expect(within(free).getByRole('link', { name: 'START PDF Workshop Free' })).toHaveAttribute('href', '/apps/pdf');
    expect(within(free).queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
    expect(within(free).queryByText(/^Only/)).toBeNull();
    expect(within(free).getByText('Repair damaged PDF files up to 10 MB')).toBeVisible();
  });

  it('has a Contact us link, and VIEW CART only when the cart count is above 0', async () => {
    storeVisitor();
    serveCatalog();
    renderStore(<PricingOffers />);
    expect(await screen.findByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('link', { name: 'VIEW CART' })).toBeNull();
    await settle();
    act(() => appActions.setCartCount(2));
    expect(await screen.findByRole('link', { name: 'VIEW CART' })).toHaveAttribute('href', '/store/cart');
  });

  it('says so when there are no offers', async () => {
    storeVisitor();
    serveCatalog([]);
    renderStore(<PricingOffers />);
    expect(await screen.findByText('No products or services are available at this time.')).toBeVisible();
    expect(screen.queryByTestId('offer-card')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeVisible();
  });

  it('ADD TO CART sends one item, Quantity 1, IsAddition true, no billing; then Item added to cart and the badge', async () => {
    storeVisitor();
    const api = serveCatalog();
    renderStore(<PricingOffers />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'PDF Workshop Pro, yearly' })).getByRole('button', { name: 'ADD TO CART' }));
    await waitFor(() => expect(snackText()).toBe('Item added to cart'));
    expect(api.to('PUT', 'store/cart').map((call) => call.body)).toEqual([{ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }], IsAddition: true }]);
    expect(snackbarStore.get().current).toMatchObject({ style: 'success', duration: 2000 });
    // The badge counts quantities of the cart the server answered (2 + 1).
    expect(appState.get().appInfo.CartItemCount).toBe(3);
    expect(await screen.findByRole('link', { name: 'VIEW CART' })).toBeVisible();
  });

  it('says the cart holds the most it can when the server kept the line at 100', async () => {
    storeVisitor();
    serveStore((call) => {
      if (call.path === 'store/catalog') return { body: catalog };
      if (call.method === 'PUT' && call.path === 'store/cart') return { body: pricedCart({ 'pdf-workshop-pro-yearly': 100 }) };
    });
    renderStore(<PricingOffers />);
    await settle();
    act(() => appActions.setCartCount(100));
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'PDF Workshop Pro, yearly' })).getByRole('button', { name: 'ADD TO CART' }));
    await waitFor(() => expect(snackText()).toBe('Your cart already holds the most of this item an order can have (100).'));
    expect(snackbarStore.get().current).toMatchObject({ style: 'info' });
  });

  it('ADD TO CART while logged out opens the login dialog, which comes back to pricing', async () => {
    storeVisitor({ loggedIn: false });
    const api = serveCatalog();
    renderStore(<PricingOffers />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'PDF Workshop Pro, monthly' })).getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(authDialogState.get().returnTo).toBe('/store/pricing');
    expect(api.to('PUT', 'store/cart')).toEqual([]);
  });

  it('shows the offers in German and Russian with the same money format', async () => {
    storeVisitor({ locale: 'de' });
    serveCatalog();
    const { unmount } = renderStore(<PricingOffers />, 'de');
    const yearly = within(await screen.findByRole('article', { name: 'PDF Workshop Pro, yearly' }));
    expect(yearly.getByText('Nur $99.00')).toBeVisible();
    expect(yearly.getByText('Sie sparen $21')).toBeVisible();
    expect(yearly.getByRole('button', { name: 'IN DEN WARENKORB' })).toBeVisible();
    unmount();
    storeVisitor({ locale: 'ru' });
    serveCatalog([]);
    renderStore(<PricingOffers />, 'ru');
    expect(await screen.findByText('Сейчас нет доступных продуктов или услуг.')).toBeVisible();
  });
});
