import { describe, expect, it } from 'vitest';
import { dismissalHolds, promptDueAt, shouldPrompt, type PushEnvironment } from './shouldPrompt.ts';

const capable: PushEnvironment = { hasServiceWorker: true, hasPushManager: true, permission: 'default', dismissed: false };

describe('shouldPrompt', () => {
  it.each<[string, Partial<PushEnvironment>, boolean]>([
    ['capable browser, undecided', {}, true],
    ['no service worker', { hasServiceWorker: false }, false],
    ['no PushManager', { hasPushManager: false }, false],
    ['already granted', { permission: 'granted' }, false],
    ['already denied', { permission: 'denied' }, false],
    ['no Notification API', { permission: null }, false],
    ['said "नहीं, फिर कभी" within 30 days', { dismissed: true }, false],
  ])('%s', (_name, change, expected) => {
    expect(shouldPrompt({ ...capable, ...change })).toBe(expected);
  });
});

describe('dismissalHolds', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each<[string, string | null, boolean]>([
    ['never refused', null, false],
    ['refused just now', String(now), true],
    ['refused 29 days ago', String(Date.parse('2026-10-25T12:00:00Z')), true],
    ['refused exactly 30 days ago', String(Date.parse('2026-10-24T12:00:00Z')), false],
    ['refused 31 days ago', String(Date.parse('2026-10-23T12:00:00Z')), false],
    ['an hour ahead of the clock', String(now + 3_600_000), true],
    ['two days ahead of the clock', String(now + 2 * 86_400_000), false],
    ['the old per-session marker "1"', '1', false],
    ['garbage', 'yes', false],
  ])('%s: %s', (_name, stored, holds) => {
    expect(dismissalHolds(stored, now)).toBe(holds);
  });
});

describe('promptDueAt', () => {
  it.each<[string, number | null, number | null, number | null]>([
    ['splash still up', null, 500, null],
    ['splash still up, no results', null, null, null],
    ['results before the splash went: 4 s after the splash', 2000, 800, 6000],
    ['results after the splash: 4 s after the results', 2000, 3500, 7500],
    ['no splash this view, results at 1.2 s', 0, 1200, 5200],
    ['no results (yet): 10 s after the splash', 2000, null, 12000],
  ])('%s', (_name, splashGoneAt, firstResultAt, due) => {
    expect(promptDueAt(splashGoneAt, firstResultAt)).toBe(due);
  });
});
