import {
  playScramble,
  revealDuration,
  revealedCount,
  scrambleFrameAt,
  scrambledText,
  scrambleRestAt,
  scrambleTiming,
  type ScrambleTiming,
} from '@/lib/scramble';

const statement = 'Write to us'; // 11 letters: 6 steps of 20 ms
const address = 'hello@example.com'; // 17 letters: 9 steps
const texts = [statement, address];
const { startDelayMs, stepMs, holdMs } = scrambleTiming;

describe('scramble timing', () => {
  it('uses the documented constants: start after 2 s, 2 letters per 20 ms', () => {
    expect(scrambleTiming).toMatchObject({ startDelayMs: 2000, stepMs: 20, lettersPerStep: 2 });
  });

  it('reveals 2 letters per 20 ms and never more than the text', () => {
    expect(revealedCount(-1, 17)).toBe(0);
    expect(revealedCount(0, 17)).toBe(0);
    expect(revealedCount(19, 17)).toBe(0);
    expect(revealedCount(20, 17)).toBe(2);
    expect(revealedCount(59, 17)).toBe(4);
    expect(revealedCount(160, 17)).toBe(16);
    expect(revealedCount(180, 17)).toBe(17);
    expect(revealedCount(10_000, 17)).toBe(17);
    expect(revealDuration(address)).toBe(180);
    expect(revealDuration(statement)).toBe(120);
  });

  it('shows the first text still until the start delay, then wakes up exactly then', () => {
    expect(scrambleFrameAt(0, texts)).toEqual({ textIndex: 0, revealed: 11, nextChangeMs: 2000 });
    expect(scrambleFrameAt(1500, texts)).toEqual({ textIndex: 0, revealed: 11, nextChangeMs: 500 });
  });

  it('scrambles the address in from the start delay, 2 letters per step', () => {
    expect(scrambleFrameAt(startDelayMs, texts)).toEqual({ textIndex: 1, revealed: 0, nextChangeMs: 20 });
    expect(scrambleFrameAt(startDelayMs + 5, texts)).toEqual({ textIndex: 1, revealed: 0, nextChangeMs: 15 });
    expect(scrambleFrameAt(startDelayMs + 20, texts)).toEqual({ textIndex: 1, revealed: 2, nextChangeMs: 20 });
    expect(scrambleFrameAt(startDelayMs + 160, texts)).toMatchObject({ textIndex: 1, revealed: 16 });
  });

  it('holds the revealed address, then cycles back to the statement and round again', () => {
    const addressDone = startDelayMs + 180;
    expect(scrambleFrameAt(addressDone, texts)).toEqual({ textIndex: 1, revealed: 17, nextChangeMs: holdMs });
    const statementStart = addressDone + holdMs;
    expect(scrambleFrameAt(statementStart, texts)).toEqual({ textIndex: 0, revealed: 0, nextChangeMs: stepMs });
    expect(scrambleFrameAt(statementStart + 120, texts)).toEqual({ textIndex: 0, revealed: 11, nextChangeMs: holdMs });
    const secondRound = statementStart + 120 + holdMs;
    expect(scrambleFrameAt(secondRound, texts)).toEqual({ textIndex: 1, revealed: 0, nextChangeMs: stepMs });
    expect(scrambleFrameAt(secondRound + 40, texts)).toMatchObject({ textIndex: 1, revealed: 4 });
  });

  it('rests when the address is revealed for the last round, on the clock alone', () => {
    expect(scrambleRestAt(texts, 1)).toBe(startDelayMs + 180);
    const round = 180 + holdMs + 120 + holdMs;
    expect(scrambleRestAt(texts, 3)).toBe(startDelayMs + 2 * round + 180);
    expect(scrambleFrameAt(scrambleRestAt(texts, 3), texts)).toEqual({ textIndex: 1, revealed: 17, nextChangeMs: holdMs });
  });

  it('follows custom timings', () => {
    const timing: ScrambleTiming = { startDelayMs: 0, stepMs: 10, lettersPerStep: 5, holdMs: 100 };
    expect(scrambleFrameAt(0, ['ab', 'abcdefghijk'], timing)).toEqual({ textIndex: 1, revealed: 0, nextChangeMs: 10 });
    expect(scrambleFrameAt(25, ['ab', 'abcdefghijk'], timing)).toEqual({ textIndex: 1, revealed: 10, nextChangeMs: 5 });
    expect(scrambleFrameAt(30, ['ab', 'abcdefghijk'], timing)).toEqual({ textIndex: 1, revealed: 11, nextChangeMs: 100 });
  });

  it('keeps a single text still forever', () => {
    expect(scrambleFrameAt(99_999, ['only'])).toEqual({ textIndex: 0, revealed: 4, nextChangeMs: Infinity });
  });
});

describe('scrambledText', () => {
  const firstGlyph = () => 0;

  it('keeps the revealed letters and the spaces, and scrambles the rest', () => {
    expect(scrambledText('ab cd', 0, firstGlyph)).toBe('AA AA');
    expect(scrambledText('ab cd', 2, firstGlyph)).toBe('ab AA');
    expect(scrambledText('ab cd', 5, firstGlyph)).toBe('ab cd');
  });

  it('has the length of the text whatever the randomness', () => {
    const text = 'support@bluebonnet-software.example';
    for (let revealed = 0; revealed <= text.length; revealed += 3) {
      const frame = scrambledText(text, revealed);
      expect(frame).toHaveLength(text.length);
      expect(frame.startsWith(text.slice(0, revealed))).toBe(true);
    }
  });
});

describe('playScramble', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows nothing new until the start delay, reveals the address on the clock and rests on it', () => {
    const shown: string[] = [];
    playScramble(texts, 1, performance.now(), (text) => shown.push(text));
    jest.advanceTimersByTime(startDelayMs - 1);
    expect(shown).toEqual([]);
    jest.advanceTimersByTime(1);
    // Scrambled in from the first letter: the address's length, none of it in place yet.
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveLength(address.length);
    expect(shown[0]).not.toBe(address);
    jest.advanceTimersByTime(revealDuration(address));
    expect(shown.at(-1)).toBe(address);
    const frames = shown.length;
    jest.advanceTimersByTime(10 * holdMs);
    expect(shown).toHaveLength(frames);
  });

  it('counts from when the cycle started, not from when it was played', () => {
    const startedAt = performance.now();
    jest.advanceTimersByTime(startDelayMs + 5 * stepMs);
    const shown: string[] = [];
    playScramble(texts, 1, startedAt, (text) => shown.push(text));
    jest.advanceTimersByTime(0);
    // Five steps in, ten letters stand in place at once.
    expect(shown).toHaveLength(1);
    expect(shown[0].startsWith(address.slice(0, 10))).toBe(true);
    expect(shown[0]).not.toBe(address);
    jest.advanceTimersByTime(revealDuration(address) - 5 * stepMs);
    expect(shown.at(-1)).toBe(address);
  });

  it('stops when told to', () => {
    const shown: string[] = [];
    const stop = playScramble(texts, 3, performance.now(), (text) => shown.push(text));
    jest.advanceTimersByTime(startDelayMs + stepMs);
    const frames = shown.length;
    stop();
    jest.advanceTimersByTime(10 * holdMs);
    expect(shown).toHaveLength(frames);
  });
});
