import { afterEach, describe, expect, it, vi } from 'vitest';
import { luckyNumbers } from '@satta/shared/domain/lucky';
import { cryptoRandom } from './cryptoRandom.ts';

afterEach(() => vi.restoreAllMocks());

describe('cryptoRandom', () => {
  it('draws from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    cryptoRandom(90);
    expect(spy).toHaveBeenCalled();
  });

  it('gives 5 integers from 1 to 90 for the lucky numbers', () => {
    for (let i = 0; i < 1000; i += 1) {
      const numbers = luckyNumbers(cryptoRandom);
      expect(numbers).toHaveLength(5);
      for (const n of numbers) {
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(90);
      }
    }
  });

  it('spreads 100,000 draws evenly over 1..90 (chi-square within bounds)', () => {
    const draws = 100_000;
    const counts = new Array<number>(90).fill(0);
    for (let i = 0; i < draws; i += 1) counts[cryptoRandom(90)]! += 1;
    const expected = draws / 90;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 89 degrees of freedom: the 99.99th percentile is about 150, so a fair source fails 1 in 10,000 runs.
    expect(chiSquare).toBeLessThan(150);
    expect(Math.min(...counts)).toBeGreaterThan(expected * 0.85);
  });
});
