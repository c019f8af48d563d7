import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app.ts';
import { addressBucket, clientAddress } from './clientAddress.ts';
import { readConfig } from './config.ts';
import { DEFAULT_PUSH_HOSTS, createEndpointPolicy } from './endpointPolicy.ts';
import { createRateLimiter } from './rateLimit.ts';
import { createSubscriptionBounds } from './subscriptionBounds.ts';
import { subscriptionKey } from './subscription.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { BackendTimeoutError } from './timeout.ts';

const subscriberKeys = generateSubscriberKeys();

/** The HTTP face with every backend call faked; each test overrides what it exercises. */
function appWith(overrides: Partial<AppDeps> = {}): FastifyInstance {
  return buildApp({
    allowedOrigins: ['*'],
    rateLimiter: createRateLimiter({ limit: 60, windowMs: 60_000 }),
    trustProxyHops: 0,
    endpointPolicy: createEndpointPolicy({ pushHosts: DEFAULT_PUSH_HOSTS, allowLocal: false }),
    vapidPublicKey: 'BPublicKey',
    checkAdmin: async () => ({ ok: true, uid: 'admin-uid' }),
    saveSubscription: async () => ({ key: 'k', created: true, games: null }),
    setGames: async (_endpoint, games) => ({ games }),
    knownGames: () => ['Disawer', 'Gali'],
    sendTest: async () => ({ total: 0, sent: 0, gone: 0, failed: 0, skipped: 0, unfinished: 0, ms: 0 }),
    sendTestDeadlineMs: 25_000,
    watching: () => ({ day: '2026-11-21', games: [] }),
    notReady: () => null,
    log: () => undefined,
    ...overrides,
  });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('rate limit behind a proxy (NOTIFY_TRUST_PROXY=<hops>)', () => {
  const statuses = async (count: number, forwardedFor: (i: number) => string) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await (app as FastifyInstance).inject({
        method: 'GET',
        url: '/vapid-public-key',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      seen.push(response.statusCode);
    }
    return seen;
  };

  it('with one proxy, counts the address the proxy appended, whatever the client put left of it', async () => {
    const config = readConfig({ GCLOUD_PROJECT: 'p', NOTIFY_TRUST_PROXY: '1', NOTIFY_RATE_LIMIT: '5' });
    app = appWith({
      trustProxyHops: config.trustProxyHops,
      rateLimiter: createRateLimiter({ limit: config.rateLimitPerMinute, windowMs: 60_000 }),
    });
    // The finding: a fresh spoofed X-Forwarded-For per request passed 300 of 300.
    const spoofed = await statuses(300, (i) => `198.51.100.${i % 250}, 203.0.113.7`);
    expect(spoofed.filter((s) => s === 200)).toHaveLength(5);
    expect(spoofed.filter((s) => s === 429)).toHaveLength(295);
    // Another real client behind the same proxy still has its own budget.
    expect(await statuses(1, () => '203.0.113.8')).toEqual([200]);
  });

  it('with two proxies, the client is the second address from the right', async () => {
    app = appWith({ trustProxyHops: 2, rateLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }) });
    expect(await statuses(4, (i) => `192.0.2.${i}, 203.0.113.9, 10.0.0.1`)).toEqual([200, 200, 429, 429]);
    expect(await statuses(1, () => '192.0.2.1, 203.0.113.10, 10.0.0.1')).toEqual([200]);
  });

  it('without a proxy, X-Forwarded-For is ignored and the socket address counts', async () => {
    app = appWith({ rateLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }) });
    expect(await statuses(3, (i) => `198.51.100.${i}`)).toEqual([200, 200, 429]);
  });
});

describe('clientAddress', () => {
  it.each<[string, string | undefined, number, string]>([
    ['no proxy: the socket', '1.1.1.1', 0, '10.0.0.2'],
    ['one proxy: the rightmost entry', '6.6.6.6, 1.1.1.1', 1, '1.1.1.1'],
    ['two proxies: the second from the right', '6.6.6.6, 1.1.1.1, 10.0.0.1', 2, '1.1.1.1'],
    ['fewer entries than hops: the leftmost there is', '1.1.1.1', 3, '1.1.1.1'],
    ['no header: the socket', undefined, 1, '10.0.0.2'],
  ])('%s', (_name, header, hops, expected) => {
    expect(clientAddress('10.0.0.2', header, hops)).toBe(expected);
  });
});

describe('GET /send-test is bounded', () => {
  it('answers 503 "database unavailable" when the subscriptions cannot be listed in time', async () => {
    app = appWith({ sendTest: () => Promise.reject(new BackendTimeoutError('database', 5_000)) });
    const response = await app.inject({ method: 'GET', url: '/send-test', headers: { authorization: 'Bearer t' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'database unavailable', code: 'database-unavailable' });
  });

  it('gives the fan-out what is left of its deadline, less a second to answer in, and says who was not reached', async () => {
    const given: number[] = [];
    app = appWith({
      sendTestDeadlineMs: 25_000,
      sendTest: async (deadlineMs) => {
        given.push(deadlineMs);
        return { total: 4, sent: 1, gone: 0, failed: 0, skipped: 0, unfinished: 3, ms: 23_990 };
      },
    });
    const response = await app.inject({ method: 'GET', url: '/send-test', headers: { authorization: 'Bearer t' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Test notification sent to 1 subscriber. 3 subscribers were not reached within the time limit.');
    expect(given).toHaveLength(1);
    expect(given[0]).toBeLessThanOrEqual(24_000);
    expect(given[0]).toBeGreaterThan(20_000);
  });
});

describe('POST /subscriptions', () => {
  it('answers 503 "database unavailable" when the subscription cannot be saved in time', async () => {
    app = appWith({ saveSubscription: () => Promise.reject(new BackendTimeoutError('database', 5_000)) });
    const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: subscriberKeys.p256dh, auth: subscriberKeys.auth } };
    const response = await app.inject({ method: 'POST', url: '/subscriptions', payload: body });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'database unavailable', code: 'database-unavailable' });
  });
});

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/x';
const SUBSCRIPTION = { endpoint: ENDPOINT, keys: { p256dh: subscriberKeys.p256dh, auth: subscriberKeys.auth } };

describe('POST /subscriptions with games and a previous endpoint', () => {
  it('hands the previous endpoint over, and answers the games only when some are chosen', async () => {
    const calls: [string, string | null][] = [];
    let games: readonly string[] | null = null;
    app = appWith({
      saveSubscription: async (subscription, previous) => {
        calls.push([subscription.endpoint, previous]);
        return { key: 'k', created: false, games };
      },
    });
    const post = (body: object) => (app as FastifyInstance).inject({ method: 'POST', url: '/subscriptions', payload: body });
    const all = await post(SUBSCRIPTION);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ status: 'exists', key: 'k' });
    games = ['Gali'];
    const some = await post({ ...SUBSCRIPTION, previous: 'https://fcm.googleapis.com/fcm/send/old' });
    expect(some.json()).toEqual({ status: 'exists', key: 'k', games: ['Gali'] });
    // The same endpoint as previous is no previous.
    await post({ ...SUBSCRIPTION, previous: ENDPOINT });
    expect(calls).toEqual([
      [ENDPOINT, null],
      [ENDPOINT, 'https://fcm.googleapis.com/fcm/send/old'],
      [ENDPOINT, null],
    ]);
    const bad = await post({ ...SUBSCRIPTION, previous: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Invalid subscription: previous must be the endpoint this browser held before (a string of at most 2048 characters).',
    });
  });
});

describe('PUT /subscriptions/games', () => {
  const put = (body: object) => (app as FastifyInstance).inject({ method: 'PUT', url: '/subscriptions/games', payload: body });

  it("stores the games in the watched games' spelling, or every game for null", async () => {
    const saved: [string, readonly string[] | null][] = [];
    app = appWith({
      setGames: async (endpoint, games) => {
        saved.push([endpoint, games]);
        return { games };
      },
    });
    const some = await put({ endpoint: ENDPOINT, games: ['gali', 'Disawar', 'Gali'] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ status: 'saved', games: ['Disawer', 'Gali'] });
    const all = await put({ endpoint: ENDPOINT, games: null });
    expect(all.json()).toEqual({ status: 'saved', games: null });
    const none = await put({ endpoint: ENDPOINT, games: [] });
    expect(none.json()).toEqual({ status: 'saved', games: [] });
    expect(saved).toEqual([
      [ENDPOINT, ['Disawer', 'Gali']],
      [ENDPOINT, null],
      [ENDPOINT, []],
    ]);
  });

  it('refuses what is not a choice with 400, and an endpoint nobody subscribed with 404', async () => {
    app = appWith({ setGames: async () => null });
    const cases: [object, number, string][] = [
      [[], 400, 'Expected a JSON object { endpoint, games }.'],
      [{ games: null }, 400, "endpoint must be the subscription's endpoint (a non-empty string)."],
      [{ endpoint: ENDPOINT }, 400, 'games must be null (every game) or a list of game names.'],
      [{ endpoint: ENDPOINT, games: 'Gali' }, 400, 'games must be null (every game) or a list of game names.'],
      [{ endpoint: ENDPOINT, games: [''] }, 400, 'games must hold game names (non-empty strings).'],
      [{ endpoint: ENDPOINT, games: ['Atlantis'] }, 400, 'Unknown game: "Atlantis".'],
      [{ endpoint: ENDPOINT, games: ['Gali'] }, 404, 'No subscription has this endpoint; subscribe first.'],
    ];
    for (const [body, status, error] of cases) {
      const response = await put(body);
      expect({ body, status: response.statusCode, answer: response.json() as unknown }).toEqual({ body, status, answer: { error } });
    }
  });

  it('is rate limited and answers a preflight from the site with PUT allowed', async () => {
    app = appWith({ rateLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }) });
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/subscriptions/games',
      headers: { origin: 'http://site.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, OPTIONS');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect((await put({ endpoint: ENDPOINT, games: null })).statusCode).toBe(200);
    expect((await put({ endpoint: ENDPOINT, games: null })).statusCode).toBe(429);
  });
});

describe('health probes', () => {
  it('/healthz answers 200 while /readyz says why the service is not ready, and neither is rate limited', async () => {
    let reason: string | null = 'database unreachable';
    app = appWith({ notReady: () => reason, rateLimiter: createRateLimiter({ limit: 1, windowMs: 60_000 }) });
    for (let i = 0; i < 3; i += 1) {
      const live = await app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ ok: true });
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ok: false, reason: 'database unreachable' });
    }
    reason = null;
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
  });
});

describe('POST /subscriptions within bounds', () => {
  const body = (i: number) => ({
    endpoint: `https://fcm.googleapis.com/fcm/send/flood-${i}`,
    keys: { p256dh: subscriberKeys.p256dh, auth: subscriberKeys.auth },
  });
  /** The app over an in-memory list kept within `bounds`, as the store keeps the database's. */
  const bounded = (options: { maxTotal: number; perClient: number }, lines: string[] = []) => {
    const stored = new Set<string>();
    const bounds = createSubscriptionBounds({ ...options, windowMs: 3_600_000, log: (line) => lines.push(line) });
    return appWith({
      rateLimiter: createRateLimiter({ limit: 10_000, windowMs: 60_000 }),
      saveSubscription: async (subscription, _previous, client) => {
        const key = subscriptionKey(subscription.endpoint);
        if (stored.has(key)) return { key, created: false, games: null };
        bounds.admit(client, stored.size);
        stored.add(key);
        bounds.settle(client, true);
        return { key, created: true, games: null };
      },
    });
  };
  const post = (payload: object, remoteAddress: string) =>
    (app as FastifyInstance).inject({ method: 'POST', url: '/subscriptions', payload, remoteAddress });

  it('answers 503 with Retry-After once the cap is stored, and logs the line an alert is set on', async () => {
    const lines: string[] = [];
    app = bounded({ maxTotal: 3, perClient: 100 }, lines);
    for (let i = 0; i < 3; i += 1) expect((await post(body(i), `198.51.100.${i}`)).statusCode).toBe(201);
    const full = await post(body(3), '198.51.100.9');
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('3600');
    expect(full.json()).toEqual({
      error: 'This service takes no new push subscriptions at the moment; try again later.',
      code: 'subscriptions-full',
    });
    expect(lines).toEqual([
      'notify: subscription cap reached: 3 stored of at most 3 (NOTIFY_MAX_SUBSCRIPTIONS); 1 new subscription(s) refused with 503 since the last such line',
    ]);
    // A browser already subscribed is still answered.
    expect((await post(body(0), '198.51.100.9')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address: its 21st new subscription in the hour is refused (429)', async () => {
    app = bounded({ maxTotal: 1_000, perClient: 20 });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await post(body(i), `2001:db8:1:2:${i.toString(16)}::${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(20).fill(201), ...Array<number>(5).fill(429)]);
    const refused = await post(body(99), '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(refused.json()).toMatchObject({ code: 'too-many-subscriptions' });
    // The next /64 and an IPv4 address have budgets of their own.
    expect((await post(body(100), '2001:db8:1:3::1')).statusCode).toBe(201);
    expect((await post(body(101), '::ffff:203.0.113.5')).statusCode).toBe(201);
  });

  it('refuses a p256dh that is not a point on P-256 with 400 and says so', async () => {
    app = bounded({ maxTotal: 10, perClient: 10 });
    const point = Buffer.from(subscriberKeys.p256dh, 'base64url');
    point[64] = (point[64] ?? 0) ^ 1;
    const response = await post({ ...body(1), keys: { ...body(1).keys, p256dh: point.toString('base64url') } }, '198.51.100.1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid subscription: keys.p256dh is not a point on the P-256 curve.' });
  });
});

describe('addressBucket', () => {
  it.each<[string, string]>([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });
});
