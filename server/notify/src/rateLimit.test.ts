import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit.ts';

describe('rate limiter', () => {
  it('allows `limit` requests per client and window, then says how long to wait', () => {
    let t = 1_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => t });
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    t += 10_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 50_000 });
    // Another client has its own budget.
    expect(limiter.hit('b').allowed).toBe(true);
    t += 50_000;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 2 });
  });
});
