import { describe, expect, it } from 'vitest';
import { homeWindowStart } from './service.ts';

describe('homeWindowStart', () => {
  it.each([
    ['2026-11-21', '2026-11-01'],
    ['2026-11-02', '2026-11-01'],
    ['2026-11-01', '2026-10-31'],
    ['2026-01-01', '2025-12-31'],
    ['2028-03-01', '2028-02-29'],
  ])('on %s the home page reads from %s', (today, from) => {
    expect(homeWindowStart(today)).toBe(from);
  });
});
