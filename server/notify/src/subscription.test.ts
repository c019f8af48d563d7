import { describe, expect, it } from 'vitest';
import { subscriptionKey as pageKey } from '@satta/shared/data/subscriptionKey';
import { isAllowedEndpoint } from './endpointPolicy.ts';
import { parseSubscription, subscriptionKey } from './subscription.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';

const keys = generateSubscriberKeys();
const good = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: { p256dh: keys.p256dh, auth: keys.auth } };

describe('subscription key', () => {
  it('is the same function as the page uses, so both find one entry', async () => {
    for (const endpoint of [good.endpoint, 'http://127.0.0.1:9/push/1', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA']) {
      expect(subscriptionKey(endpoint)).toBe(await pageKey(endpoint));
      expect(subscriptionKey(endpoint)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});

describe('parseSubscription', () => {
  it.each<[string, unknown, RegExp | null]>([
    ['a browser subscription', good, null],
    ['with expirationTime null (toJSON)', { ...good, expirationTime: null }, null],
    ['not an object', 'x', /JSON object/],
    ['an array', [good], /JSON object/],
    ['no endpoint', { keys: good.keys }, /endpoint/],
    ['a javascript: endpoint', { ...good, endpoint: 'javascript:alert(1)' }, /https/],
    ['an http endpoint', { ...good, endpoint: 'http://push.example/x' }, /https/],
    ['an endpoint on this machine', { ...good, endpoint: 'https://127.0.0.1/x' }, /https/],
    ['a private-network endpoint', { ...good, endpoint: 'https://192.168.1.5/x' }, /https/],
    ['a huge endpoint', { ...good, endpoint: `https://push.example/${'a'.repeat(2100)}` }, /2048/],
    ['no keys', { endpoint: good.endpoint }, /keys/],
    ['a short p256dh', { ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, /p256dh/],
    ['a p256dh that is not a point', { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } }, /p256dh/],
    ['a long auth', { ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, /auth/],
    ['auth with bad characters', { ...good, keys: { ...good.keys, auth: 'not base64!' } }, /auth/],
    ['a string expirationTime', { ...good, expirationTime: 'soon' }, /expirationTime/],
  ])('%s', (_name, value, error) => {
    const parsed = parseSubscription(value, false);
    if (error === null) expect(parsed).toEqual({ ok: true, subscription: good });
    else expect(parsed.ok === false && parsed.error).toMatch(error);
  });

  it('accepts local endpoints only when local endpoints are allowed', () => {
    const local = { ...good, endpoint: 'http://127.0.0.1:4000/push/1' };
    expect(parseSubscription(local, false).ok).toBe(false);
    expect(parseSubscription(local, true).ok).toBe(true);
  });
});

describe('isAllowedEndpoint', () => {
  it.each<[string, boolean, boolean]>([
    ['https://fcm.googleapis.com/fcm/send/x', false, true],
    ['https://web.push.apple.com/QG', false, true],
    ['http://127.0.0.1:8080/push', true, true],
    ['http://localhost:8080/push', true, true],
    ['http://127.0.0.1:8080/push', false, false],
    ['http://10.0.0.1/push', true, false],
    ['https://localhost/push', false, false],
    ['https://[::1]/push', false, false],
    ['https://169.254.169.254/latest', false, false],
    ['https://user:pw@push.example/x', false, false],
    ['ftp://push.example/x', false, false],
    ['not a url', false, false],
  ])('%s (local allowed: %s) -> %s', (endpoint, allowLocal, expected) => {
    expect(isAllowedEndpoint(endpoint, allowLocal)).toBe(expected);
  });
});
