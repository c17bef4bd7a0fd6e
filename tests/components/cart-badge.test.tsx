import { act, screen } from '@testing-library/react';
import { CartBadge } from '@/components/shell/CartBadge';
import { CartLink } from '@/components/shell/CartLink';
import { appActions, appState } from '@/lib/state/app-state';
import { renderWithIntl } from './render';

jest.mock('next/navigation', () => ({ usePathname: () => '/', useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }) }));

describe('cart badge (spec §2)', () => {
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
  beforeEach(() => appState.reset());

  it('is shown to logged-in users only, with the count in its label', () => {
    renderWithIntl(<CartLink />);
    expect(screen.queryByRole('link')).toBeNull();
    act(() => {
      appActions.setSession({ UserName: 'ann@example.com', DisplayName: null, Claims: [] });
      appActions.setCartCount(12);
    });
    expect(screen.getByRole('link', { name: 'Shopping cart (12)' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('9+');
  });

  it('labels the count in Russian plural forms', () => {
    renderWithIntl(<CartLink />, 'ru');
    act(() => {
      appActions.setSession({ UserName: 'ann@example.com', DisplayName: null, Claims: [] });
      appActions.setCartCount(3);
    });
    expect(screen.getByRole('link', { name: 'Корзина (3)' })).toBeInTheDocument();
  });
});
