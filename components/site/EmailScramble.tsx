'use client';

import { useEffect, useState } from 'react';

/** How many times the address is revealed before the cycle rests on it. */
const revealsBeforeRest = 3;

/**
 * The support address as a mail link whose visible text cycles between a statement and the
 * address with a scrambled-letter reveal (docs/product/pages.md#contact, timing in lib/scramble). Screen
 * readers get only the address; with reduced motion the address stands still. So that the
 * motion does not go on for as long as the page is open (WCAG 2.2.2), the address stands still
 * while the link is pointed at or focused (CSS), and the cycle rests on it after a few rounds.
 */
export function EmailScramble({ address, statement }: { address: string; statement: string }) {
  const [shown, setShown] = useState(statement);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const texts = [statement, address];
    const start = performance.now();
    let timer: number | undefined;
    let live = true;
    // The animation's code loads during the start delay, not with the page.
    void import('@/lib/scramble').then(({ scrambledText, scrambleFrameAt, scrambleRestAt, scrambleTiming }) => {
      const restAt = scrambleRestAt(texts, revealsBeforeRest);
      const tick = () => {
        // Frames follow the clock, not the number of ticks, so late timers never slow it down
        // and early ones never end it sooner.
        const elapsed = performance.now() - start;
        if (elapsed >= restAt) {
          setShown(address);
          return;
        }
        const frame = scrambleFrameAt(elapsed, texts);
        const target = texts[frame.textIndex];
        setShown(frame.revealed >= target.length ? target : scrambledText(target, frame.revealed));
        timer = window.setTimeout(tick, Math.min(frame.nextChangeMs, restAt - elapsed));
      };
      if (live) timer = window.setTimeout(tick, Math.max(0, scrambleTiming.startDelayMs - (performance.now() - start)));
    });
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [address, statement]);

  return (
    <a
      href={`mailto:${address}`}
      data-testid="email-scramble"
      className="group block min-h-[2lh] rounded font-mono text-sm break-all text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-[1lh]"
    >
      <span className="sr-only">{address}</span>
      <span aria-hidden className="group-hover:hidden group-focus:hidden motion-reduce:hidden">
        {shown}
      </span>
      <span aria-hidden className="hidden group-hover:inline group-focus:inline motion-reduce:inline">
        {address}
      </span>
    </a>
  );
}
