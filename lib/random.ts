/**
 * Spec §9: a random integer from `lower` (inclusive) up to `upper` (exclusive).
 * Self-contained on purpose: the home page inlines its source into the hero picker script.
 */
export function randomInt(lower: number, upper: number): number {
  return lower + Math.floor(Math.random() * (upper - lower));
}
