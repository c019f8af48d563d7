export const LUCKY_MIN = 1;
export const LUCKY_MAX = 90;
export const LUCKY_COUNT = 5;

/** The page's grid of 0..99 in which generated numbers light up. */
export const LUCKY_GRID: readonly number[] = Array.from({ length: 100 }, (_, i) => i);

/**
 * Draws `count` integers from 1 to 90, each independent, so repeats are possible
 * (docs/product.md, Lucky number page).
 */
export function luckyNumbers(random: (maxExclusive: number) => number, count: number = LUCKY_COUNT): number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a count: ${count}`);
  const span = LUCKY_MAX - LUCKY_MIN + 1;
  return Array.from({ length: count }, () => {
    const r = random(span);
    if (!Number.isInteger(r) || r < 0 || r >= span) throw new RangeError(`random(${span}) returned ${r}`);
    return LUCKY_MIN + r;
  });
}

const UINT32_RANGE = 2 ** 32;
// Each draw is rejected with probability below 1/2, so this many rejections in a row means the
// fill function is broken, not unlucky.
const MAX_ATTEMPTS = 1000;

/**
 * A uniform integer in [0, maxExclusive). `value % max` alone would favour small results whenever
 * 2^32 is not a multiple of max, so values from the incomplete last block are drawn again.
 * Pass `crypto.getRandomValues.bind(crypto)` as `fill`.
 */
export function unbiasedRandomInt(maxExclusive: number, fill: (buf: Uint32Array<ArrayBuffer>) => void): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > UINT32_RANGE) {
    throw new RangeError(`maxExclusive must be a whole number from 1 to 2^32, got ${maxExclusive}`);
  }
  const limit = UINT32_RANGE - (UINT32_RANGE % maxExclusive);
  const buf = new Uint32Array(1);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    fill(buf);
    const value = buf[0] ?? 0;
    if (value < limit) return value % maxExclusive;
  }
  throw new Error('The random source keeps returning values that must be rejected');
}
