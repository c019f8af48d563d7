import { describe, expect, it } from 'vitest';
import { SubscriptionRefusedError, createSubscriptionBounds } from './subscriptionBounds.ts';

describe('subscription bounds', () => {
  it('counts saves under way against the cap: a burst of 100 at once cannot pass it', () => {
    const bounds = createSubscriptionBounds({ maxTotal: 50, perClient: 1_000, windowMs: 3_600_000, log: () => undefined });
    const admitted: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      try {
        bounds.admit(`198.51.100.${i}`, 40);
        admitted.push(i);
      } catch (error) {
        expect(error).toBeInstanceOf(SubscriptionRefusedError);
      }
    }
    expect(admitted).toHaveLength(10);
    // One that turned out to exist already frees its place.
    bounds.settle('198.51.100.0', false);
    expect(() => bounds.admit('198.51.100.0', 40)).not.toThrow();
  });

  it('gives a client its count back when nothing was created', () => {
    let t = 0;
    const bounds = createSubscriptionBounds({ maxTotal: 1_000, perClient: 2, windowMs: 3_600_000, now: () => t, log: () => undefined });
    bounds.admit('a', 0);
    bounds.settle('a', true);
    bounds.admit('a', 1);
    bounds.settle('a', false);
    bounds.admit('a', 1);
    bounds.settle('a', true);
    expect(() => bounds.admit('a', 2)).toThrow(
      expect.objectContaining({ status: 429, code: 'too-many-subscriptions', retryAfterSec: 3600 }),
    );
    t = 3_600_000;
    expect(() => bounds.admit('a', 2)).not.toThrow();
  });
});
