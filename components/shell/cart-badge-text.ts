/** The count under 10, '9+' from 10 on, nothing at 0 (docs/product/pages.md#cart-badge). */
export function cartBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count < 10 ? String(count) : '9+';
}
