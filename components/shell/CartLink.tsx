'use client';

import dynamic from 'next/dynamic';
import { isLoggedIn, useAppState } from '@/lib/state/app-state';

// Only a logged-in visitor has a cart: the link's code loads with the session, not for every visitor.
const CartLinkLoaded = dynamic(() => import('./CartLinkLoaded'), { ssr: false });

/** The cart icon, for logged-in users only (docs/product/pages.md#cart-badge). */
export function CartLink() {
  return useAppState(isLoggedIn) ? <CartLinkLoaded /> : null;
}
