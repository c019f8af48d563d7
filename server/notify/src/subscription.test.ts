import { describe, expect, it } from 'vitest';
import { isAllowedAddress } from './addressPolicy.ts';
import { DEFAULT_PUSH_HOSTS, createEndpointPolicy, parseHostPattern } from './endpointPolicy.ts';
import { parseSubscription, subscriptionKey } from './subscription.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';

const keys = generateSubscriberKeys();
const production = createEndpointPolicy({ pushHosts: DEFAULT_PUSH_HOSTS, allowLocal: false });
const local = createEndpointPolicy({ pushHosts: DEFAULT_PUSH_HOSTS, allowLocal: true });
const anyHost = createEndpointPolicy({ pushHosts: ['*'], allowLocal: false });
/** The same x with y changed by one bit: 65 bytes, 0x04 first, not on the curve. */
function offCurve(p256dh: string): string {
  const point = Buffer.from(p256dh, 'base64url');
  point[64] = (point[64] ?? 0) ^ 1;
  return point.toString('base64url');
}
const good = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: { p256dh: keys.p256dh, auth: keys.auth } };

describe('subscription key', () => {
  it('is the base64url SHA-256 of the endpoint, so one browser is stored once', () => {
    expect(subscriptionKey('https://push.example/abc')).toBe('96Jj-Hhun5VAxIp1ckXjEpBwiXlUjDafIHy8_54ju4Y');
    expect(subscriptionKey('http://127.0.0.1:9/push/1')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(subscriptionKey('https://push.example/abd')).not.toBe(subscriptionKey('https://push.example/abc'));
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
    ['an https endpoint that is no push service', { ...good, endpoint: 'https://push.example/x' }, /push service/],
    ['an endpoint on this machine', { ...good, endpoint: 'https://127.0.0.1/x' }, /https/],
    ['a private-network endpoint', { ...good, endpoint: 'https://192.168.1.5/x' }, /https/],
    ['a huge endpoint', { ...good, endpoint: `https://push.example/${'a'.repeat(2100)}` }, /2048/],
    ['no keys', { endpoint: good.endpoint }, /keys/],
    ['a short p256dh', { ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, /p256dh/],
    ['a p256dh that is not a point', { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } }, /p256dh/],
    [
      'a p256dh off the curve',
      { ...good, keys: { ...good.keys, p256dh: offCurve(keys.p256dh) } },
      /^keys\.p256dh is not a point on the P-256 curve\.$/,
    ],
    ['a short auth', { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } }, /auth/],
    ['a long auth', { ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, /auth/],
    ['auth with bad characters', { ...good, keys: { ...good.keys, auth: 'not base64!' } }, /auth/],
    ['a string expirationTime', { ...good, expirationTime: 'soon' }, /expirationTime/],
  ])('%s', (_name, value, error) => {
    const parsed = parseSubscription(value, production);
    if (error === null) expect(parsed).toEqual({ ok: true, subscription: good });
    else expect(parsed.ok === false && parsed.error).toMatch(error);
  });

  it('accepts local endpoints only when local endpoints are allowed', () => {
    const localEndpoint = { ...good, endpoint: 'http://127.0.0.1:4000/push/1' };
    expect(parseSubscription(localEndpoint, production).ok).toBe(false);
    expect(parseSubscription(localEndpoint, local).ok).toBe(true);
  });

  it.each<[string, string, boolean]>([
    ['65 bytes from 0x04, base64url', Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]).toString('base64url'), true],
    [
      '65 bytes from 0x04, standard base64 with its padding',
      Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]).toString('base64'),
      true,
    ],
    ['65 bytes from 0x05', Buffer.concat([Buffer.from([5]), Buffer.alloc(64, 7)]).toString('base64url'), false],
    ['65 bytes from 0x44', Buffer.concat([Buffer.from([0x44]), Buffer.alloc(64, 7)]).toString('base64url'), false],
    ['64 bytes from 0x04', Buffer.concat([Buffer.from([4]), Buffer.alloc(63, 7)]).toString('base64url'), false],
    ['66 bytes from 0x04', Buffer.concat([Buffer.from([4]), Buffer.alloc(65, 7)]).toString('base64url'), false],
  ])('a stored p256dh of %s: well formed %s (from its text, not decoded)', (_name, p256dh, ok) => {
    expect(parseSubscription({ ...good, keys: { ...good.keys, p256dh } }, null).ok).toBe(ok);
  });

  it('without a policy (stored entries) checks the shape only', () => {
    expect(parseSubscription({ ...good, endpoint: 'https://push.example/x' }, null).ok).toBe(true);
  });
});

describe('endpoint policy', () => {
  it.each<[string, boolean]>([
    ['https://fcm.googleapis.com/fcm/send/x', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=BQYAAA', true],
    ['https://web.push.apple.com/QGk', true],
    // The review's list: every one of these was accepted and stored.
    ['https://metadata/computeMetadata/v1/', false],
    ['https://localhost./push', false],
    ['https://127.0.0.1.nip.io/push', false],
    ['https://[::7f00:1]/push', false],
    ['https://[fe90::1]/push', false],
    ['https://kubernetes.default.svc/api', false],
    // Near misses of the allow-list.
    ['https://push.example/x', false],
    ['https://fcm.googleapis.com./fcm/send/x', false],
    ['https://fcm.googleapis.com:8443/fcm/send/x', false],
    ['https://evil-fcm.googleapis.com/x', false],
    ['https://web.push.apple.com.evil.example/x', false],
    ['https://push.apple.com/x', false],
    ['http://fcm.googleapis.com/fcm/send/x', false],
    ['http://127.0.0.1:8080/push', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['not a url', false],
  ])('in production %s -> %s', (endpoint, expected) => {
    expect(production.allows(endpoint)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['https://push.example/x', true],
    ['https://metadata/computeMetadata/v1/', false],
    ['https://localhost./push', false],
    ['https://kubernetes.default.svc/api', false],
    ['https://[::7f00:1]/push', false],
    ['https://[fe90::1]/push', false],
    ['https://169.254.169.254/latest', false],
    ['https://0x7f.1/push', false],
  ])('with NOTIFY_PUSH_HOSTS=* %s -> %s (names; addresses are checked when connecting)', (endpoint, expected) => {
    expect(anyHost.allows(endpoint)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['http://127.0.0.1:8080/push', true],
    ['http://localhost:8080/push', true],
    ['http://10.0.0.1/push', false],
    ['https://fcm.googleapis.com/fcm/send/x', true],
  ])('with the local emulators %s -> %s', (endpoint, expected) => {
    expect(local.allows(endpoint)).toBe(expected);
  });

  it('reads NOTIFY_PUSH_HOSTS patterns and refuses nonsense', () => {
    expect(parseHostPattern(' *.Push.Example ')).toBe('*.push.example');
    expect(parseHostPattern('*')).toBe('*');
    for (const bad of ['*.com.', 'push', 'https://push.example', '*push.example', ''])
      expect(() => parseHostPattern(bad)).toThrow(/NOTIFY_PUSH_HOSTS/);
  });
});

describe('isAllowedAddress', () => {
  it.each<[string, boolean, boolean]>([
    ['142.250.74.106', false, true],
    ['2a00:1450:4001:82b::200a', false, true],
    ['127.0.0.1', false, false],
    ['127.0.0.1', true, true],
    ['::1', true, true],
    ['::7f00:1', false, false],
    ['::ffff:127.0.0.1', false, false],
    ['::ffff:127.0.0.1', true, false],
    ['fe90::1', false, false],
    ['fd12:3456::1', false, false],
    ['64:ff9b::7f00:1', false, false],
    ['2002:7f00:1::', false, false],
    ['169.254.169.254', false, false],
    ['10.1.2.3', true, false],
    ['172.20.0.1', false, false],
    ['192.168.1.5', false, false],
    ['100.64.0.1', false, false],
    ['0.0.0.0', false, false],
    ['255.255.255.255', false, false],
    ['not an address', false, false],
  ])('%s (loopback allowed: %s) -> %s', (address, allowLoopback, expected) => {
    expect(isAllowedAddress(address, allowLoopback)).toBe(expected);
  });
});
