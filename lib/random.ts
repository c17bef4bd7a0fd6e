/**
 * A random integer from `lower` (inclusive) up to `upper` (exclusive) (docs/product/pages.md#home).
 * Self-contained on purpose: the home page inlines its source into the hero picker script.
 */
export function randomInt(lower: number, upper: number): number {
  return lower + Math.floor(Math.random() * (upper - lower));
}
