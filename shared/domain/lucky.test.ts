import { describe, expect, it } from 'vitest';
import { LUCKY_GRID, luckyNumbers, unbiasedRandomInt } from './lucky.ts';

/** mulberry32: a small seeded generator, so the statistics below are reproducible. */
function seededFill(seed: number): (buf: Uint32Array) => void {
  let state = seed >>> 0;
  return (buf) => {
    for (let i = 0; i < buf.length; i += 1) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      buf[i] = (t ^ (t >>> 14)) >>> 0;
    }
  };
}

/** A fill that hands out the given values in turn. */
function scriptedFill(values: number[]): { fill: (buf: Uint32Array) => void; calls: () => number } {
  let calls = 0;
  return {
    fill: (buf) => {
      buf[0] = values[calls % values.length] ?? 0;
      calls += 1;
    },
    calls: () => calls,
  };
}

describe('LUCKY_GRID', () => {
  it('runs 0 to 99', () => {
    expect(LUCKY_GRID).toHaveLength(100);
    expect(LUCKY_GRID[0]).toBe(0);
    expect(LUCKY_GRID[99]).toBe(99);
    expect(LUCKY_GRID.every((n, i) => n === i)).toBe(true);
  });
});

describe('luckyNumbers', () => {
  it.each<[string, (max: number) => number, number | undefined, number[]]>([
    ['the lowest draw is 1', () => 0, undefined, [1, 1, 1, 1, 1]],
    ['the highest draw is 90', (max) => max - 1, undefined, [90, 90, 90, 90, 90]],
    ['another count', () => 41, 3, [42, 42, 42]],
    ['none', () => 0, 0, []],
  ])('%s', (_title, random, count, expected) => {
    expect(luckyNumbers(random, count)).toEqual(expected);
  });

  it('asks the random source for a number below 90', () => {
    const asked: number[] = [];
    luckyNumbers((max) => {
      asked.push(max);
      return 0;
    });
    expect(asked).toEqual([90, 90, 90, 90, 90]);
  });

  it.each([[-1], [90], [1.5], [Number.NaN]])('rejects a random source that returns %d', (r) => {
    expect(() => luckyNumbers(() => r)).toThrow(RangeError);
  });

  it.each([[-1], [2.5]])('rejects a count of %d', (count) => {
    expect(() => luckyNumbers(() => 0, count)).toThrow(RangeError);
  });

  it('gives five integers from 1 to 90 with the browser crypto source', () => {
    const fill = crypto.getRandomValues.bind(crypto);
    for (let i = 0; i < 200; i += 1) {
      const numbers = luckyNumbers((max) => unbiasedRandomInt(max, fill));
      expect(numbers).toHaveLength(5);
      for (const n of numbers) {
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(90);
      }
    }
  });

  it('can repeat a number within one draw', () => {
    expect(luckyNumbers(() => 7, 2)).toEqual([8, 8]);
  });
});

describe('unbiasedRandomInt', () => {
  it('is uniform over 1..90 in 100,000 draws (chi-square, 89 degrees of freedom)', () => {
    const fill = seededFill(20261121);
    const counts = new Array<number>(90).fill(0);
    const draws = 100_000;
    for (let i = 0; i < draws; i += 1) {
      const n = luckyNumbers((max) => unbiasedRandomInt(max, fill), 1)[0] ?? 0;
      counts[n - 1] = (counts[n - 1] ?? 0) + 1;
    }
    const expected = draws / 90;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // The 0.1% and 99.9% points of chi-square with 89 degrees of freedom are about 53 and 136.
    expect(chiSquare).toBeGreaterThan(53);
    expect(chiSquare).toBeLessThan(136);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('draws again when the value falls in the biased tail', () => {
    // 2^32 = 47,721,858 * 90 + 76: values from 4,294,967,220 up would favour 0..75.
    const { fill, calls } = scriptedFill([0xffffffff, 4_294_967_220, 5]);
    expect(unbiasedRandomInt(90, fill)).toBe(5);
    expect(calls()).toBe(3);
  });

  it.each([
    [90, 4_294_967_219, 4_294_967_219 % 90],
    [90, 0, 0],
    [90, 89, 89],
    [90, 90, 0],
    [1, 0xffffffff, 0],
    [2 ** 32, 0xffffffff, 0xffffffff],
    [3, 0xfffffffe, 0xfffffffe % 3],
  ])('max %i keeps %i -> %i in one draw', (max, value, result) => {
    const { fill, calls } = scriptedFill([value]);
    expect(unbiasedRandomInt(max, fill)).toBe(result);
    expect(calls()).toBe(1);
  });

  it.each([[0], [-1], [1.5], [2 ** 32 + 1], [Number.NaN]])('rejects a maximum of %d', (max) => {
    expect(() => unbiasedRandomInt(max, () => undefined)).toThrow(RangeError);
  });

  it('gives up on a source that only returns rejected values', () => {
    expect(() => unbiasedRandomInt(90, scriptedFill([0xffffffff]).fill)).toThrow(/random source/);
  });
});
