import { useState } from 'react';

/**
 * True from the first render in which `condition` holds, and from then on: what a host loads
 * when first asked for stays mounted. Set while rendering, React's way to follow a change.
 */
export function useLatched(condition: boolean): boolean {
  const [latched, setLatched] = useState(false);
  if (condition && !latched) setLatched(true);
  return latched || condition;
}
