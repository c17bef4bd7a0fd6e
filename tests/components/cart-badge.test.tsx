import { act, screen } from '@testing-library/react';
import { CartBadge } from '@/components/shell/CartBadge';
import { CartLink } from '@/components/shell/CartLink';
import { appState } from '@/lib/state/app-state';
import { runStartup } from '@/lib/state/startup';
import { renderWithIntl } from './render';
import { fillCart } from './store-helpers';
import { newAccount } from './runner/accounts';
import { network } from './runner/network';

// Each test signs up a real account (a mailed code).

describe('cart badge', () => {
  it.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('count %p shows %p', (count, text) => {
    renderWithIntl(<CartBadge count={count} />);
    if (text === null) expect(screen.queryByTestId('cart-badge')).toBeNull();
    else expect(screen.getByTestId('cart-badge')).toHaveTextContent(text);
  });
});

describe('cart link', () => {
  beforeEach(() => {
    appState.reset();
    network.clearCookies();
  });

  /**
   * A real account whose cart holds `quantity` items, then the shell's start-up: it finds the
   * session and reads the count from app info.
   */
  async function logInWithCart(quantity: number) {
    await newAccount();
    await fillCart({ 'pdf-workshop-pro-monthly': quantity });
    await act(() => runStartup());
  }

  it('is shown to logged-in users only, with the count as the badge shows it in its name', async () => {
    renderWithIntl(<CartLink />);
    expect(screen.queryByRole('link')).toBeNull();
    await logInWithCart(12);
    expect(network.calls('GET app/app-info')).toHaveLength(1);
    // The link's code loads once a session is there.
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('9+');
    // Label in name (WCAG 2.5.3): the visible '9+' is part of the link's accessible name.
    expect(screen.getByRole('link')).toHaveAccessibleName('Shopping cart (9+)');
  });

  it('labels the count in Russian plural forms', async () => {
    renderWithIntl(<CartLink />, 'ru');
    await logInWithCart(3);
    expect(await screen.findByRole('link', { name: 'Корзина (3)' })).toBeInTheDocument();
  });
});
