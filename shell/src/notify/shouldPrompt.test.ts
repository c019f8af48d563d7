import { describe, expect, it } from 'vitest';
import { shouldPrompt, type PushEnvironment } from './shouldPrompt.ts';

const capable: PushEnvironment = { hasServiceWorker: true, hasPushManager: true, permission: 'default', dismissedThisSession: false };

describe('shouldPrompt', () => {
  it.each<[string, Partial<PushEnvironment>, boolean]>([
    ['capable browser, undecided', {}, true],
    ['no service worker', { hasServiceWorker: false }, false],
    ['no PushManager', { hasPushManager: false }, false],
    ['already granted', { permission: 'granted' }, false],
    ['already denied', { permission: 'denied' }, false],
    ['no Notification API', { permission: null }, false],
    ['said "not now" this session', { dismissedThisSession: true }, false],
  ])('%s', (_name, change, expected) => {
    expect(shouldPrompt({ ...capable, ...change })).toBe(expected);
  });
});
