/* What both drivers' named statements share (pglite-statements.ts, postgres-statements.ts). */

/**
 * Tells whether a query text has been asked before, so only texts that come back are kept as
 * named statements. At most `max` texts asked once are remembered; the oldest makes room, so
 * one-off texts cannot fill the list for good.
 */
export function repeatedTexts(max: number): (text: string) => boolean {
  const askedOnce = new Set<string>();
  return (text) => {
    if (askedOnce.delete(text)) return true;
    if (askedOnce.size >= max) askedOnce.delete(askedOnce.values().next().value!);
    askedOnce.add(text);
    return false;
  };
}

/** Postgres refuses to run a kept statement whose rows changed shape (a column added or dropped). */
export const CHANGED_RESULT_TYPE = '0A000';
