'use client';

import { useEffect, useState } from 'react';
import { scrambledText, scrambleFrameAt, scrambleTiming } from '@/lib/scramble';

/** How many times the address is revealed before the cycle rests on it. */
const revealsBeforeRest = 3;

/**
 * The support address as a mail link whose visible text cycles between a statement and the
 * address with a scrambled-letter reveal (spec screen 2, timing in lib/scramble). Screen
 * readers get only the address; with reduced motion the address stands still. So that the
 * motion does not go on for as long as the page is open (WCAG 2.2.2), it rests on the address
 * after a few rounds, and at once when the visitor points at or focuses the link.
 */
export function EmailScramble({ address, statement }: { address: string; statement: string }) {
  const [shown, setShown] = useState(statement);
  const [resting, setResting] = useState(false);
  const rest = () => {
    setResting(true);
    setShown(address);
  };

  useEffect(() => {
    if (resting || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const texts = [statement, address];
    const start = performance.now();
    let timer: number | undefined;
    let reveals = 0;
    const tick = () => {
      // Frames follow the clock, not the number of ticks, so late timers never slow it down.
      const frame = scrambleFrameAt(performance.now() - start, texts);
      const target = texts[frame.textIndex];
      const complete = frame.revealed >= target.length;
      setShown(complete ? target : scrambledText(target, frame.revealed));
      if (complete && target === address && ++reveals >= revealsBeforeRest) return setResting(true);
      if (Number.isFinite(frame.nextChangeMs)) timer = window.setTimeout(tick, frame.nextChangeMs);
    };
    timer = window.setTimeout(tick, scrambleTiming.startDelayMs);
    return () => window.clearTimeout(timer);
  }, [address, statement, resting]);

  return (
    <a
      href={`mailto:${address}`}
      onPointerEnter={rest}
      onFocus={rest}
      data-testid="email-scramble"
      className="block min-h-[2lh] rounded font-mono break-all text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-[1lh]"
    >
      <span className="sr-only">{address}</span>
      <span aria-hidden className="motion-reduce:hidden">
        {shown}
      </span>
      <span aria-hidden className="hidden motion-reduce:inline">
        {address}
      </span>
    </a>
  );
}
