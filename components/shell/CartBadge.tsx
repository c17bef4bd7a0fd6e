import { cartBadgeText } from './cart-badge-text';

export function CartBadge({ count }: { count: number }) {
  const text = cartBadgeText(count);
  if (!text) return null;
  return (
    <span
      data-testid="cart-badge"
      aria-hidden
      className="absolute -top-1 -right-2 min-w-5 rounded-full bg-warn-600 px-1 text-center text-xs leading-5 font-bold text-white"
    >
      {text}
    </span>
  );
}
