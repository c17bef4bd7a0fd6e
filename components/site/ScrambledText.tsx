'use client';

import { useEffect, useState } from 'react';

/** How many times the address is revealed before the cycle rests on it. */
const revealsBeforeRest = 3;

/** EmailScramble's moving text: the statement and the address in turn, each revealed letter by letter. */
export function ScrambledText({ address, statement }: { address: string; statement: string }) {
  const [shown, setShown] = useState(statement);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const startedAt = performance.now();
    let stop: (() => void) | undefined;
    let live = true;
    // The animation's code loads during the start delay, not with the page.
    void import('@/lib/scramble').then(({ playScramble }) => {
      if (live) stop = playScramble([statement, address], revealsBeforeRest, startedAt, setShown);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [address, statement]);

  return (
    <span aria-hidden className="group-hover:hidden group-focus:hidden motion-reduce:hidden">
      {shown}
    </span>
  );
}
