import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PricingOfferList } from '@/components/store/PricingOfferList';
import { PricingOffers } from '@/components/store/PricingOffers';
import type { ServiceOffer, UpdateCartRequest } from '@/lib/contract/store';
import { appState } from '@/lib/state/app-state';
import { refreshAppInfo } from '@/lib/state/startup';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { expectSnackLasts, logInThroughDialog, snackShown, visitorPage } from './account-helpers';
import { routerCalls } from './render';
import { anonymousVisitor, fillCart, renderStore, savedCart, shopper, storeVisitor } from './store-helpers';
import { customerWithActivePlan, subscriptionPage } from './billing-fixtures';
import { mailedCode, strongPassword, uniqueEmail } from './runner/accounts';
import { accepted, network, pageApi } from './runner/network';

// Tests that add to a cart sign up their own account first.

/** How many offers the backend sells now: the run's backend is shared, and the console's tests add offers of their own. */
const offersOnSale = async () => (await accepted('read the catalog', pageApi<ServiceOffer[]>('GET', 'store/catalog'))).length;

const card = (description: string) => screen.getByRole('article', { name: description });

const addToCart = async (description: string) =>
  userEvent.setup().click(within(await screen.findByRole('article', { name: description })).getByRole('button', { name: 'ADD TO CART' }));

/** What the page sent with PUT store/cart, oldest first. */
const sentCarts = () => network.calls('PUT store/cart').map((call) => call.body as UpdateCartRequest);

describe('pricing page', () => {
  it('shows a loading state, then one card per offer', async () => {
    anonymousVisitor();
    const catalogLoad = network.hold('GET store/catalog');
    renderStore(<PricingOffers />);
    expect(screen.getByText('Loading products and services…')).toHaveAttribute('role', 'status');
    // The island's code loads (a state update of next/dynamic) before it asks for the catalog.
    await act(() => catalogLoad.reached);
    expect(screen.getByText('Loading products and services…')).toBeVisible();
    catalogLoad.release();
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(await offersOnSale());
    expect(screen.queryByText('Loading products and services…')).toBeNull();
  });

  it('offers TRY AGAIN when the catalog could not be loaded (a gateway answers 503), and shows the offers once it loads', async () => {
    anonymousVisitor();
    network.gatewayError('GET store/catalog', 503, '<h1>Service Unavailable</h1>');
    renderStore(<PricingOffers />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findAllByTestId('offer-card')).toHaveLength(await offersOnSale());
  });

  it('paid offers show Only {price} in USD with 2 decimals, an optional Save amount without decimals, and ADD TO CART', async () => {
    anonymousVisitor();
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
    expect(within(card('Architecture review (one week)')).getByRole('link', { name: 'Architecture review (one week)' })).toHaveAttribute(
      'href',
      '/solutions/consulting',
    );
  });

  it('free plans (TrialDays -1) have their own background and START to the app page, without a price', async () => {
    anonymousVisitor();
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
    await shopper();
    renderStore(<PricingOffers />);
    expect(await screen.findByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('link', { name: 'VIEW CART' })).toBeNull();
    // Once the page has its catalog, another tab fills the cart; the shell then reloads the counts (app info).
    await network.settled();
    await fillCart({ 'pdf-workshop-pro-monthly': 2 });
    await act(() => refreshAppInfo());
    expect(await screen.findByRole('link', { name: 'VIEW CART' })).toHaveAttribute('href', '/store/cart');
  });

  // The seeded catalog is never empty and is shared by every test file: the list that the page
  // shows once the catalog has answered is given an empty one, with no call at all.
  it('says so when there are no offers, in English and Russian', () => {
    storeVisitor();
    const { unmount } = renderStore(<PricingOfferList catalog={{ status: 'ready', data: [] }} />);
    expect(screen.getByText('No products or services are available at this time.')).toBeVisible();
    expect(screen.queryByTestId('offer-card')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeVisible();
    unmount();
    storeVisitor('ru');
    renderStore(<PricingOfferList catalog={{ status: 'ready', data: [] }} />, 'ru');
    expect(screen.getByText('Сейчас нет доступных продуктов или услуг.')).toBeVisible();
  });

  it('ADD TO CART sends one item, Quantity 1, IsAddition true, no billing; then Item added to cart and the badge', async () => {
    await shopper({ cart: { 'pdf-workshop-pro-yearly': 1, 'pdf-workshop-pro-monthly': 1 } });
    renderStore(<PricingOffers />);
    await addToCart('PDF Workshop Pro, yearly');
    const added = await snackShown('Item added to cart', 'success');
    expect(sentCarts()).toEqual([{ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }], IsAddition: true }]);
    // The badge counts quantities of the cart the server answered (2 + 1).
    expect(appState.get().appInfo.CartItemCount).toBe(3);
    expect(await screen.findByRole('link', { name: 'VIEW CART' })).toBeVisible();
    expect((await savedCart()).LineItems.map((line) => [line.Key, line.Quantity])).toEqual([
      ['pdf-workshop-pro-monthly', 1],
      ['pdf-workshop-pro-yearly', 2],
    ]);
    await expectSnackLasts(added, 2000);
  });

  it('says the cart holds the most it can when the server kept the line at 100', async () => {
    await shopper({ cart: { 'pdf-workshop-pro-yearly': 100 } });
    expect(appState.get().appInfo.CartItemCount).toBe(100);
    renderStore(<PricingOffers />);
    await addToCart('PDF Workshop Pro, yearly');
    await snackShown('Your cart already holds the most of this item an order can have (100).', 'info');
    expect(sentCarts()).toHaveLength(1);
    expect((await savedCart()).LineItems).toMatchObject([{ Key: 'pdf-workshop-pro-yearly', Quantity: 100 }]);
  });

  it('ADD TO CART while logged out opens the login dialog; after the login the item is in the cart, on pricing, without a second click', async () => {
    anonymousVisitor();
    renderStore(<PricingOffers />);
    await addToCart('PDF Workshop Pro, monthly');
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(sentCarts()).toEqual([]);
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/store/pricing' }]);
    await snackShown('Item added to cart', 'success');
    expect(sentCarts()).toEqual([{ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], IsAddition: true }]);
    expect((await savedCart()).LineItems.map((line) => [line.Key, line.Quantity])).toEqual([['pdf-workshop-pro-monthly', 1]]);
    expect(appState.get().appInfo.CartItemCount).toBe(1);
  });

  it('keeps the item through a switch to sign-up: the new account holds it in its cart, in German', async () => {
    anonymousVisitor('de');
    await visitorPage();
    const user = userEvent.setup();
    renderStore(<PricingOffers />, 'de');
    await user.click(
      within(await screen.findByRole('article', { name: 'PDF Workshop Pro, jährlich' })).getByRole('button', { name: 'IN DEN WARENKORB' }),
    );
    await user.click(within(await screen.findByRole('dialog', { name: 'Anmelden' })).getByRole('button', { name: 'Registrieren' }));
    const signup = within(await screen.findByRole('dialog', { name: 'Neues Konto registrieren' }));
    const email = uniqueEmail('intent');
    await user.type(signup.getByLabelText('E-Mail'), email);
    await user.type(signup.getByLabelText('Passwort'), strongPassword);
    await user.type(signup.getByLabelText('Passwort wiederholen'), strongPassword);
    await user.click(signup.getByRole('checkbox'));
    const asked = Date.now() - 1;
    await user.click(signup.getByRole('button', { name: 'KONTO ERSTELLEN' }));
    await user.type(await signup.findByLabelText('Bestätigungscode'), await mailedCode(email, asked));
    await user.click(signup.getByRole('button', { name: 'KONTO ERSTELLEN' }));
    await snackShown('Artikel in den Warenkorb gelegt', 'success');
    expect((await savedCart()).LineItems.map((line) => [line.Key, line.Quantity])).toEqual([['pdf-workshop-pro-yearly', 1]]);
  });

  it('forgets the item when the login dialog is closed: a later login adds nothing', async () => {
    anonymousVisitor();
    const user = userEvent.setup();
    renderStore(<PricingOffers />);
    await addToCart('PDF Workshop Pro, monthly');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    act(() => openAuthDialog('login'));
    await screen.findByRole('dialog', { name: 'Login' });
    await logInThroughDialog(user);
    await snackShown('Welcome!', 'success');
    await network.settled();
    expect(sentCarts()).toEqual([]);
  });

  it('shows the offers in German and Russian with the same money format', async () => {
    anonymousVisitor('de');
    const { unmount } = renderStore(<PricingOffers />, 'de');
    const yearly = within(await screen.findByRole('article', { name: 'PDF Workshop Pro, jährlich' }));
    expect(yearly.getByText('Nur $99.00')).toBeVisible();
    expect(yearly.getByText('Sie sparen $21')).toBeVisible();
    expect(yearly.getByRole('button', { name: 'IN DEN WARENKORB' })).toBeVisible();
    unmount();
    anonymousVisitor('ru');
    renderStore(<PricingOffers />, 'ru');
    const russianYearly = within(await screen.findByRole('article', { name: 'PDF Workshop Pro, на год' }));
    expect(russianYearly.getByText('Всего $99.00')).toBeVisible();
    expect(russianYearly.getByText('Экономия $21')).toBeVisible();
    expect(within(card('Аудит архитектуры (одна неделя)')).getByText('Всего $1,500.00')).toBeVisible();
  });
});

describe.each([
  {
    locale: 'en' as const,
    prefix: '',
    plan: 'PDF Workshop Pro, monthly',
    other: 'PDF Workshop Pro, yearly',
    add: 'ADD TO CART',
    title: 'You already have this plan',
    text: 'Seats on your subscription now: 1. Add a seat to it instead of starting a second subscription.',
    seat: 'ADD A SEAT',
    anyway: 'Buy another one anyway',
    added: 'Item added to cart',
  },
  {
    locale: 'de' as const,
    prefix: '/de',
    plan: 'PDF Workshop Pro, monatlich',
    other: 'PDF Workshop Pro, jährlich',
    add: 'IN DEN WARENKORB',
    title: 'Sie haben diesen Tarif bereits',
    text: 'Plätze in Ihrem Abonnement derzeit: 1. Fügen Sie ihm einen Platz hinzu, statt ein zweites Abonnement abzuschließen.',
    seat: 'PLATZ HINZUFÜGEN',
    anyway: 'Trotzdem ein weiteres kaufen',
    added: 'Artikel in den Warenkorb gelegt',
  },
])('a plan the customer already holds, in $locale', (texts) => {
  it('says so and offers a seat on the subscription; another plan adds at once, and the held one still can be bought anyway', async () => {
    anonymousVisitor(texts.locale);
    const subscription = await customerWithActivePlan('held');
    await refreshAppInfo();
    const user = userEvent.setup();
    renderStore(<PricingOffers />, texts.locale);
    const planCard = within(await screen.findByRole('article', { name: texts.plan }));
    await network.settled();
    await user.click(planCard.getByRole('button', { name: texts.add }));

    const notice = await planCard.findByRole('group', { name: texts.title });
    expect(notice).toHaveFocus();
    expect(notice).toHaveTextContent(texts.text);
    expect(within(notice).getByRole('link', { name: texts.seat })).toHaveAttribute(
      'href',
      `${texts.prefix}${subscriptionPage(subscription.Key)}?add_seat=1`,
    );
    expect(planCard.queryByRole('button', { name: texts.add })).toBeNull();
    // One read for the page, however many cards.
    expect(network.calls('GET store/cart')).toHaveLength(1);
    expect(sentCarts()).toEqual([]);

    await user.click(within(card(texts.other)).getByRole('button', { name: texts.add }));
    await snackShown(texts.added, 'success');
    expect(sentCarts()).toEqual([{ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-yearly', Quantity: 1 }], IsAddition: true }]);

    await user.click(planCard.getByRole('button', { name: texts.add }));
    await user.click(within(await planCard.findByRole('group', { name: texts.title })).getByRole('button', { name: texts.anyway }));
    await waitFor(() => expect(sentCarts()).toHaveLength(2));
    expect(sentCarts()[1]).toEqual({ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], IsAddition: true });
    await waitFor(() => expect(appState.get().appInfo.CartItemCount).toBe(2));
    expect((await savedCart()).LineItems.map((line) => [line.Key, line.Quantity])).toEqual([
      ['pdf-workshop-pro-monthly', 1],
      ['pdf-workshop-pro-yearly', 1],
    ]);
  });
});
