'use client';

import Link from 'next/link';
import { useAppState } from '@/lib/state/app-state';
import { CartBadge } from './CartBadge';
import { cartBadgeText } from './cart-badge-text';
import { useLocalePath, useShellText } from './shell-i18n';

/** The cart icon with its badge, drawn by CartLink for a logged-in user. */
export default function CartLinkLoaded() {
  const t = useShellText();
  const localePath = useLocalePath();
  const count = useAppState((state) => state.appInfo.CartItemCount);
  // The name holds the badge's text as shown ('9+', not 12), so whoever reads it off the
  // screen, e.g. to a speech control, names the link (label in name).
  const badge = cartBadgeText(count);
  return (
    <Link
      href={localePath('/store/cart')}
      aria-label={badge ? t('shell.cartWithCount', { count: badge }) : t('shell.cart')}
      className="relative rounded p-2 text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.76L20.5 8H6.2" />
        <circle cx="9.5" cy="19.5" r="1.3" />
        <circle cx="17" cy="19.5" r="1.3" />
      </svg>
      <CartBadge count={count} />
    </Link>
  );
}
