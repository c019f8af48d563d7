import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [3600 + 61, '01:01:01'],
    [2 * 3600 + 15 * 60, '02:15:00'],
    [86399, '23:59:59'],
    [-5, '00:00:00'],
    [12.9, '00:00:12'],
  ])('%d seconds read %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
