import { describe, expect, it } from 'vitest';
import { AGENT_SAVE_ERROR_MS, CLOCK_TICK_MS, MESSAGE_MS, SPLASH_MS, TEST_NOTIFICATION_MS } from './constants.ts';

describe('timings of section 9', () => {
  it.each([
    ['splash', SPLASH_MS, 2000],
    ['clock tick', CLOCK_TICK_MS, 1000],
    ['status message', MESSAGE_MS, 3000],
    ['agent save error', AGENT_SAVE_ERROR_MS, 5000],
    ['test notification', TEST_NOTIFICATION_MS, 4000],
  ])('%s lasts %i ms', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
