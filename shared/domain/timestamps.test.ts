import { describe, expect, it } from 'vitest';
import { readTimestamp } from './timestamps.ts';

describe('readTimestamp', () => {
  it.each([
    [1_764_000_000_000, 1_764_000_000_000],
    [946_684_800_000, 946_684_800_000],
    [946_684_799_999, undefined],
    [4_102_444_800_000, undefined],
    [1e300, undefined],
    [-5, undefined],
    [0, undefined],
    [1_764_000_000_000.5, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    ['1764000000000', undefined],
    [null, undefined],
    [{ '.sv': 'timestamp' }, undefined],
  ])('%j reads as %j', (stored, expected) => {
    expect(readTimestamp(stored)).toBe(expected);
  });
});
