import { describe, expect, it } from 'vitest';
import { loopDelayOf } from './loopDelay.ts';

describe('loopDelayOf', () => {
  it('gives the histogram’s nanoseconds in milliseconds, to two places', () => {
    const percentiles: Record<number, number> = { 50: 10_123_456, 99: 251_000_000 };
    const histogram = { percentile: (p: number) => percentiles[p] ?? 0, max: 391_987_654, count: 1234 };
    expect(loopDelayOf(histogram)).toEqual({ p50: 10.12, p99: 251, max: 391.99, samples: 1234 });
  });
});
