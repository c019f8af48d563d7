import { describe, expect, it } from 'vitest';
import { retryDelay, verdictFor } from './retryPolicy.ts';

describe('verdictFor', () => {
  it.each<[number, string]>([
    [200, 'sent'],
    [201, 'sent'],
    [202, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [401, 'failed'],
    [403, 'failed'],
    [413, 'failed'],
  ])('%i -> %s', (status, verdict) => expect(verdictFor(status)).toBe(verdict));
});

describe('retryDelay', () => {
  const options = { baseMs: 1000, maxRetryAfterMs: 60_000 };
  it('doubles per attempt, jittered within the upper half', () => {
    expect(retryDelay(1, undefined, { ...options, random: () => 0 })).toBe(500);
    expect(retryDelay(1, undefined, { ...options, random: () => 1 })).toBe(1000);
    expect(retryDelay(3, undefined, { ...options, random: () => 1 })).toBe(4000);
  });
  it('honours a longer Retry-After in seconds or as a date, capped', () => {
    expect(retryDelay(1, '5', { ...options, random: () => 0 })).toBe(5000);
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryDelay(1, 'Sat, 21 Nov 2026 10:00:30 GMT', { ...options, now, random: () => 0 })).toBe(30_000);
    expect(retryDelay(1, '3600', { ...options, random: () => 0 })).toBe(60_000);
    expect(retryDelay(1, 'garbage', { ...options, random: () => 0 })).toBe(500);
  });
});
