import { randomInt } from '@/lib/random';

describe('randomInt', () => {
  afterEach(() => jest.restoreAllMocks());

  it('returns the lower bound for the smallest draw and upper - 1 for the largest', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    expect(randomInt(0, 3)).toBe(0);
    expect(randomInt(5, 8)).toBe(5);
    jest.spyOn(Math, 'random').mockReturnValue(0.9999999999);
    expect(randomInt(0, 3)).toBe(2);
    expect(randomInt(5, 8)).toBe(7);
    expect(randomInt(-4, -1)).toBe(-2);
  });

  it('draws only integers in [lower, upper) and reaches every one of them', () => {
    const counts = new Map<number, number>();
    for (let draw = 0; draw < 30_000; draw++) {
      const value = randomInt(2, 7);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([2, 3, 4, 5, 6]);
    // Uniform enough: each of the 5 values near 6000 (far from a flaky bound).
    for (const count of counts.values()) expect(count).toBeGreaterThan(5000);
  });

  it('gives the one value of a one-wide range', () => {
    for (let draw = 0; draw < 100; draw++) expect(randomInt(4, 5)).toBe(4);
  });
});
