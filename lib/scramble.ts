import { randomInt } from './random';

/** The contact email animation starts after 2 s and reveals 2 letters every 20 ms (docs/product/pages.md#contact). */
export const scrambleTiming = {
  startDelayMs: 2000,
  stepMs: 20,
  lettersPerStep: 2,
  /** How long a fully revealed text stays before the next one scrambles in. */
  holdMs: 4000,
} as const;

export type ScrambleTiming = { readonly [K in keyof typeof scrambleTiming]: number };

/** What the line shows at one moment: which text, and how many of its letters are final. */
export interface ScrambleFrame {
  textIndex: number;
  revealed: number;
  /** Milliseconds until the frame changes; the component sleeps that long. */
  nextChangeMs: number;
}

const glyphs = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789#$%&*+=?@';

export function revealDuration(text: string, timing: ScrambleTiming = scrambleTiming): number {
  return Math.ceil(text.length / timing.lettersPerStep) * timing.stepMs;
}

/** Letters of a text of `length` revealed `elapsedMs` into its reveal: 0 at first, then 2 more per step. */
export function revealedCount(elapsedMs: number, length: number, timing: ScrambleTiming = scrambleTiming): number {
  if (elapsedMs < 0) return 0;
  return Math.min(length, Math.floor(elapsedMs / timing.stepMs) * timing.lettersPerStep);
}

/** One round: every text scrambled in, revealed and held once. */
function cycleDuration(texts: readonly string[], timing: ScrambleTiming): number {
  return texts.reduce((sum, text) => sum + revealDuration(text, timing) + timing.holdMs, 0);
}

/**
 * When texts[1] stands fully revealed for the `rounds`th time: a line that should rest there
 * stops then. Counted on the clock, as the frames are, so timers that fire early or late (they
 * take whole milliseconds) never change the number of rounds.
 */
export function scrambleRestAt(texts: readonly string[], rounds: number, timing: ScrambleTiming = scrambleTiming): number {
  return timing.startDelayMs + (rounds - 1) * cycleDuration(texts, timing) + revealDuration(texts[1], timing);
}

/**
 * The cycle `elapsedMs` after the line appeared: texts[0] stands still until the start delay,
 * then texts[1], texts[2] … texts[0] again are each scrambled in, revealed and held.
 */
export function scrambleFrameAt(elapsedMs: number, texts: readonly string[], timing: ScrambleTiming = scrambleTiming): ScrambleFrame {
  if (texts.length === 0) throw new Error('scrambleFrameAt needs at least one text');
  const first = texts[0];
  if (elapsedMs < timing.startDelayMs || texts.length === 1) {
    return { textIndex: 0, revealed: first.length, nextChangeMs: texts.length === 1 ? Infinity : timing.startDelayMs - elapsedMs };
  }
  const phases = texts.map((_, index) => (index + 1) % texts.length);
  const phaseMs = (textIndex: number) => revealDuration(texts[textIndex], timing) + timing.holdMs;
  let intoPhase = (elapsedMs - timing.startDelayMs) % cycleDuration(texts, timing);
  for (const textIndex of phases) {
    const duration = phaseMs(textIndex);
    if (intoPhase < duration) {
      const length = texts[textIndex].length;
      const revealing = intoPhase < revealDuration(texts[textIndex], timing);
      return {
        textIndex,
        revealed: revealing ? revealedCount(intoPhase, length, timing) : length,
        nextChangeMs: revealing ? timing.stepMs - (intoPhase % timing.stepMs) : duration - intoPhase,
      };
    }
    intoPhase -= duration;
  }
  // Unreachable: intoPhase < cycleMs, the sum of the phases.
  return { textIndex: 0, revealed: first.length, nextChangeMs: timing.stepMs };
}

/** The text with its first `revealed` letters in place and random glyphs after them; spaces stay. */
export function scrambledText(text: string, revealed: number, pick: (upper: number) => number = (upper) => randomInt(0, upper)): string {
  let out = text.slice(0, revealed);
  for (const char of text.slice(revealed)) out += /\s/.test(char) ? char : glyphs[pick(glyphs.length)];
  return out;
}

/**
 * Plays the cycle from `startedAt` (a `performance.now()` time) on: `show` gets each frame's
 * text until the `rounds`th reveal of texts[1], where it rests. Frames follow the clock, not the
 * number of ticks, so late timers never slow it down and early ones never end it sooner.
 * Returns what stops it.
 */
export function playScramble(texts: readonly string[], rounds: number, startedAt: number, show: (text: string) => void): () => void {
  const restAt = scrambleRestAt(texts, rounds);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const elapsed = performance.now() - startedAt;
    if (elapsed >= restAt) {
      show(texts[1]);
      return;
    }
    const frame = scrambleFrameAt(elapsed, texts);
    const target = texts[frame.textIndex];
    show(frame.revealed >= target.length ? target : scrambledText(target, frame.revealed));
    timer = setTimeout(tick, Math.min(frame.nextChangeMs, restAt - elapsed));
  };
  timer = setTimeout(tick, Math.max(0, scrambleTiming.startDelayMs - (performance.now() - startedAt)));
  return () => clearTimeout(timer);
}
