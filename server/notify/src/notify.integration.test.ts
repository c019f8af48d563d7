import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_VISITOR, startStack, type Stack } from '../../../scripts/stack.ts';
import { siteNow } from '@satta/shared/domain/siteTime';
import { TEST_BODY, TEST_TITLE, type NotificationPayload } from './payload.ts';
import { subscriptionKey } from './subscription.ts';
import { changePassword, rest, signIn } from './testing/localServices.ts';
import { startNotifyProcess, type NotifyProcess } from './testing/notifyProcess.ts';
import { startPushEndpoint, type PushEndpoint, type ReceivedPush } from './testing/pushEndpoint.ts';
import { generateSubscriberKeys, type SubscriberKeys } from './testing/subscriberKeys.ts';
import { startTarpit } from './testing/tarpit.ts';
import { verifyVapidHeader } from './testing/vapidJwt.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';

/*
 * The notify service against the real local backend (Auth emulator, server/rtdb with the
 * project's rules) and a fake push service on 127.0.0.1 that receives the real encrypted
 * requests, which the test decrypts with the subscriber's own keys (RFC 8291).
 *
 * The service under test is a process of this file's own (restartable, with short retry waits
 * and a small rate limit). The stack's instance runs too and watches the same database, which
 * also shows that two instances announce a result once between them.
 */
const SITE = 'http://site.example';
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;

let stack: Stack;
let push: PushEndpoint;
let notify: NotifyProcess;
let dataDir: string;
let adminToken: string;
let visitorToken: string;
const subscriber: SubscriberKeys = generateSubscriberKeys();

function startNotify(): Promise<NotifyProcess> {
  return startNotifyProcess({
    auth: stack.urls.auth,
    database: stack.urls.database,
    dataDir,
    env: {
      NOTIFY_ALLOWED_ORIGINS: SITE,
      NOTIFY_RATE_LIMIT: '40',
      NOTIFY_RETRY_BASE_MS: '50',
      NOTIFY_MAX_ATTEMPTS: '3',
    },
  });
}

function subscription(path: string, behaviour?: Parameters<PushEndpoint['endpoint']>[1]) {
  return { endpoint: push.endpoint(path, behaviour), keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } };
}

function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${notify.url}${path}`, init);
}

function postSubscription(body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Promise<Response> {
  return call('/subscriptions', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

function putGames(endpoint: string, games: readonly string[] | null): Promise<Response> {
  return call('/subscriptions/games', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, games }),
  });
}

function sendTest(token = adminToken): Promise<Response> {
  return call('/send-test', { headers: { Authorization: `Bearer ${token}` } });
}

function payloadOf(request: ReceivedPush): NotificationPayload {
  return JSON.parse(decryptWebPush(request.body, subscriber)) as NotificationPayload;
}

const settle = (ms = 2_500) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = await startStack({ hosting: false });
  dataDir = mkdtempSync(join(tmpdir(), 'notify-test-'));
  push = await startPushEndpoint();
  await rest(stack.urls.database, 'PUT', 'sattanamee', {
    Gali: { time: '11:30 PM', place: 11 },
    Disawar: { time: '02:00 AM', place: 12 },
  });
  // Results are pushed at once here; the undo window has its own tests (undoWindow.integration.test.ts).
  await rest(stack.urls.database, 'PUT', 'notifyState/undoWindowSec', 0);
  [adminToken, visitorToken] = await Promise.all([
    signIn(stack.urls.auth, DEMO_ADMIN.email, DEMO_ADMIN.password),
    signIn(stack.urls.auth, DEMO_VISITOR.email, DEMO_VISITOR.password),
  ]);
  notify = await startNotify();
  await notify.waitForOutput(/watching today's results \(\d{4}-\d\d-\d\d\) of 2 games/);
}, 180_000);

afterAll(async () => {
  await notify?.stop();
  await push?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('notify service', () => {
  it("generates its VAPID keys on first start, and watches today's result of every game", async () => {
    expect(notify.output()).toMatch(/VAPID public key \S+ \(generated\)/);
    expect(Buffer.from(notify.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(await (await call('/vapid-public-key')).json()).toEqual({ publicKey: notify.vapidPublicKey });
    expect(await (await call('/health')).json()).toEqual({ ok: true, watching: { day: TODAY, games: ['Disawar', 'Gali'] } });
  });

  it('answers /send-test only for the admin: 401 without or with a bad token, 403 for anyone else', async () => {
    const none = await call('/send-test');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toEqual({ error: expect.stringMatching(/Sign in as the admin/), code: 'token-missing' });

    const forged = await sendTest('not-a-token');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: expect.stringMatching(/invalid/), code: 'token-invalid' });

    const visitor = await sendTest(visitorToken);
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toEqual({ error: 'Only the admin may send a test notification.', code: 'not-admin' });
    expect(push.received).toHaveLength(0);
  });

  it('validates POST /subscriptions with clear 4xx errors, stores a subscription once, and speaks CORS to the site only', async () => {
    const cases: [string, Promise<Response>, number, RegExp][] = [
      ['no JSON content type', postSubscription('{}', { 'Content-Type': 'text/plain' }), 415, /Content-Type: application\/json/],
      ['empty body', postSubscription('', { 'Content-Type': 'application/json' }), 400, /empty/],
      ['broken JSON', postSubscription('{"endpoint":', { 'Content-Type': 'application/json' }), 400, /not valid JSON/],
      ['no keys', postSubscription({ endpoint: push.endpoint('/x') }), 400, /keys must be an object/],
      ['a non-push endpoint', postSubscription({ ...subscription('/x'), endpoint: 'http://10.1.2.3/x' }), 400, /https:\/\//],
      ['a huge body', postSubscription({ ...subscription('/x'), pad: 'x'.repeat(10_000) }), 413, /too large/],
    ];
    for (const [name, response, status, error] of cases) {
      const answer = await response;
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect((await answer.json()) as { error: string }).toEqual({ error: expect.stringMatching(error) });
    }

    const body = subscription('/once');
    const first = await postSubscription(body);
    expect(first.status).toBe(201);
    const key = subscriptionKey(body.endpoint);
    expect(await first.json()).toEqual({ status: 'saved', key });
    const again = await postSubscription(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'exists', key });
    expect(await rest(stack.urls.database, 'GET', `webPushSubscriptions/${key}`)).toEqual({ ...body, createdAt: expect.any(Number) });
    await rest(stack.urls.database, 'DELETE', `webPushSubscriptions/${key}`);

    const preflight = await call('/subscriptions', {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    const stranger = await call('/health', { headers: { Origin: 'http://elsewhere.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const missing = await call('/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found: GET /nothing-here' });
  });

  it('sends the test notification as a real encrypted web push, and removes a subscription the push service reports gone (410)', async () => {
    const live = subscription('/live');
    const gone = subscription('/gone', 410);
    for (const body of [live, gone]) expect((await postSubscription(body)).status).toBe(201);

    const response = await sendTest();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Test notification sent to 1 subscriber. Removed 1 expired subscription.');

    const [request] = push.for('/live');
    expect(request).toBeDefined();
    const received = request as ReceivedPush;
    expect(received.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '3600',
      urgency: 'normal',
    });
    const claims = verifyVapidHeader(received.headers.authorization);
    expect(claims).toMatchObject({ aud: push.url, sub: 'mailto:admin@example.com', publicKey: notify.vapidPublicKey });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(payloadOf(received)).toEqual({
      kind: 'test',
      title: TEST_TITLE,
      body: TEST_BODY,
      icon: '/icons/notification-192.png',
      tag: 'test',
      url: '/',
    });

    expect(push.for('/gone')).toHaveLength(1);
    expect(await rest(stack.urls.database, 'GET', `webPushSubscriptions/${subscriptionKey(gone.endpoint)}`)).toBeNull();
    expect(await rest(stack.urls.database, 'GET', `webPushSubscriptions/${subscriptionKey(live.endpoint)}`)).toMatchObject({
      endpoint: live.endpoint,
    });
  });

  it("notifies every subscriber once when the admin publishes today's number: not again for the same number, nor after a restart", async () => {
    const resultPushes = () => push.for('/live').filter((r) => payloadOf(r).kind === 'result');
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}/number`, '42', adminToken);
    await push.waitFor('/live', 2);
    const [first] = resultPushes();
    expect(first?.headers).toMatchObject({ urgency: 'high', ttl: String(4 * 3600), topic: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    const [day, month, year] = [TODAY.slice(8), TODAY.slice(5, 7), TODAY.slice(0, 4)];
    expect(payloadOf(first as ReceivedPush)).toEqual({
      kind: 'result',
      title: 'Gali: 42',
      body: `आज का रिज़ल्ट (${day}-${month}-${year}): Gali — 42`,
      icon: '/icons/notification-192.png',
      tag: `result-${TODAY}-Gali`,
      url: '/',
      game: 'Gali',
      number: '42',
      date: TODAY,
    });
    expect(await rest(stack.urls.database, 'GET', `notifyState/sent/${TODAY}/Gali`)).toBe('42');

    // The same number again, and removed and entered again, as an admin might.
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}`, { number: '42' }, adminToken);
    await rest(stack.urls.database, 'DELETE', `sattanamee/Gali/${TODAY}`, undefined, adminToken);
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}/number`, '42', adminToken);
    await settle();
    expect(resultPushes()).toHaveLength(1);

    // A restart sees today's 42 again and keeps quiet; the keys survive it.
    const key = notify.vapidPublicKey;
    await notify.stop();
    notify = await startNotify();
    expect(notify.vapidPublicKey).toBe(key);
    expect(notify.output()).toMatch(/\(file\)/);
    await notify.waitForOutput(/watching today's results/);
    await settle();
    expect(resultPushes()).toHaveLength(1);

    // A corrected number is news: announced once more. An old day's write is not watched.
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}/number`, '43', adminToken);
    await rest(stack.urls.database, 'PUT', `sattanamee/Disawar/2020-01-01/number`, '11', adminToken);
    await push.waitFor('/live', 3);
    await settle(1_500);
    expect(resultPushes().map((r) => payloadOf(r).number)).toEqual(['42', '43']);
    // The correction says what it corrects, and replaces the first notification on the device.
    expect(payloadOf(resultPushes()[1] as ReceivedPush)).toMatchObject({
      title: 'Gali: 42 → 43 (संशोधित)',
      was: '42',
      tag: `result-${TODAY}-Gali`,
    });
  }, 90_000);

  it("sends a result only to its game's followers, a correction to the same set, and carries the choice over a new endpoint", async () => {
    const pushesOf = (path: string) =>
      push
        .for(path)
        .map(payloadOf)
        .filter((p) => p.kind === 'result')
        .map((p) => p.title);
    const galiFan = subscription('/gali-fan');
    const everyGame = subscription('/every-game');
    for (const body of [galiFan, everyGame]) expect((await postSubscription(body)).status).toBe(201);
    const chosen = await putGames(galiFan.endpoint, ['gali']);
    expect({ status: chosen.status, body: await chosen.json() }).toEqual({ status: 200, body: { status: 'saved', games: ['Gali'] } });
    expect(await rest(stack.urls.database, 'GET', `webPushSubscriptions/${subscriptionKey(galiFan.endpoint)}/games`)).toEqual({
      Gali: true,
    });
    // Saved again, as the page does on each visit: the answer carries the choice.
    expect(await (await postSubscription(galiFan)).json()).toEqual({
      status: 'exists',
      key: subscriptionKey(galiFan.endpoint),
      games: ['Gali'],
    });

    await rest(stack.urls.database, 'PUT', `sattanamee/Disawar/${TODAY}/number`, '11', adminToken);
    await push.waitFor('/every-game', 1);
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}/number`, '44', adminToken);
    await push.waitFor('/gali-fan', 1);
    await push.waitFor('/every-game', 2);
    await settle(1_500);
    expect(pushesOf('/gali-fan')).toEqual(['Gali: 43 → 44 (संशोधित)']);
    expect(pushesOf('/every-game')).toEqual(['Disawar: 11', 'Gali: 43 → 44 (संशोधित)']);

    // Unfollowed: nothing more for Gali.
    expect((await putGames(galiFan.endpoint, [])).status).toBe(200);
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}/number`, '45', adminToken);
    await push.waitFor('/every-game', 3);
    await settle(1_500);
    expect(pushesOf('/gali-fan')).toHaveLength(1);

    // The browser's keys rotate: the new endpoint names the old one and takes its choice over.
    expect((await putGames(galiFan.endpoint, ['Gali'])).status).toBe(200);
    const rotated = subscription('/gali-fan-rotated');
    const moved = await postSubscription({ ...rotated, previous: galiFan.endpoint });
    expect({ status: moved.status, body: await moved.json() }).toEqual({
      status: 201,
      body: { status: 'saved', key: subscriptionKey(rotated.endpoint), games: ['Gali'] },
    });
    expect(await rest(stack.urls.database, 'GET', `webPushSubscriptions/${subscriptionKey(galiFan.endpoint)}`)).toBeNull();
    expect((await putGames(galiFan.endpoint, null)).status).toBe(404);
    await rest(stack.urls.database, 'PUT', `sattanamee/Disawar/${TODAY}/number`, '12', adminToken);
    await rest(stack.urls.database, 'PUT', `sattanamee/Gali/${TODAY}/number`, '46', adminToken);
    await push.waitFor('/gali-fan-rotated', 1);
    await push.waitFor('/every-game', 5);
    await settle(1_500);
    expect(pushesOf('/gali-fan-rotated')).toEqual(['Gali: 45 → 46 (संशोधित)']);
    for (const body of [everyGame, rotated])
      await rest(stack.urls.database, 'DELETE', `webPushSubscriptions/${subscriptionKey(body.endpoint)}`);
  }, 90_000);

  it('retries 429 and 5xx with backoff (Retry-After honoured) and gives up after the bounded attempts, keeping the subscription', async () => {
    await rest(stack.urls.database, 'DELETE', `webPushSubscriptions/${subscriptionKey(push.endpoint('/live'))}`);
    const busy = subscription('/busy', (attempt) =>
      attempt === 1 ? 503 : attempt === 2 ? { status: 429, headers: { 'Retry-After': '1' } } : 201,
    );
    const down = subscription('/down', 500);
    for (const body of [busy, down]) expect((await postSubscription(body)).status).toBe(201);

    const response = await sendTest();
    expect(await response.text()).toBe('Test notification sent to 1 subscriber. 1 subscriber could not be reached.');
    const attempts = push.for('/busy');
    expect(attempts.map((r) => r.status)).toEqual([503, 429, 201]);
    expect((attempts[2]?.at ?? 0) - (attempts[1]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(push.for('/down').map((r) => r.status)).toEqual([500, 500, 500]);
    expect(await rest(stack.urls.database, 'GET', `webPushSubscriptions/${subscriptionKey(down.endpoint)}`)).toMatchObject({
      endpoint: down.endpoint,
    });
  }, 30_000);

  it('answers /send-test within its deadline though 100 endpoints sorting first never answer; the real subscriber is served at once', async () => {
    await rest(stack.urls.database, 'DELETE', 'webPushSubscriptions');
    const tarpit = await startTarpit();
    const quick = await startNotifyProcess({
      auth: stack.urls.auth,
      database: stack.urls.database,
      dataDir,
      // Only the deadline ends the tarpit's requests: an attempt alone would wait a minute.
      env: { NOTIFY_SEND_TEST_DEADLINE_MS: '4000', NOTIFY_REQUEST_TIMEOUT_MS: '60000' },
    });
    try {
      const junk: Record<string, unknown> = {};
      for (let i = 0; i < 100; i += 1) {
        junk[`000-junk-${String(i).padStart(3, '0')}`] = {
          endpoint: `${tarpit.url}/junk/${i}`,
          keys: { p256dh: subscriber.p256dh, auth: subscriber.auth },
        };
      }
      await rest(stack.urls.database, 'PATCH', 'webPushSubscriptions', junk);
      expect((await postSubscription(subscription('/real'))).status).toBe(201);

      const response = await fetch(`${quick.url}/send-test`, { headers: { Authorization: `Bearer ${adminToken}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('Test notification sent to 1 subscriber. 100 subscribers were not reached within the time limit.');
      expect(push.for('/real').map((r) => r.status)).toEqual([201]);
      // One request at a time to a host that never answered.
      expect(tarpit.connections()).toBe(1);
    } finally {
      await quick.stop();
      await tarpit.close();
      await rest(stack.urls.database, 'DELETE', 'webPushSubscriptions');
    }
  });

  it('answers /send-test 503 "database unavailable" when the database does not answer, instead of waiting forever', async () => {
    const tarpit = await startTarpit();
    const cut = await startNotifyProcess({
      auth: stack.urls.auth,
      database: tarpit.url,
      dataDir,
      env: { NOTIFY_BACKEND_TIMEOUT_MS: '1000' },
    });
    try {
      const response = await fetch(`${cut.url}/send-test`, { headers: { Authorization: `Bearer ${adminToken}` } });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'database unavailable', code: 'database-unavailable' });
    } finally {
      await cut.stop();
      await tarpit.close();
    }
  });

  // Last but one: it revokes the admin's earlier sessions, so adminToken is replaced.
  it("refuses the admin's token from before a password change (401 token-revoked); the new session's token works", async () => {
    const old = adminToken;
    // Revocation counts in whole seconds of the session's start: let the old one be older.
    await settle(1_100);
    await changePassword(stack.urls.auth, old, `${DEMO_ADMIN.password}-changed`);
    // Signing in again, as the page asks, starts a session the check accepts.
    const fresh = await signIn(stack.urls.auth, DEMO_ADMIN.email, `${DEMO_ADMIN.password}-changed`);
    adminToken = fresh;

    const revoked = await sendTest(old);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
    expect(await revoked.json()).toEqual({ error: expect.stringMatching(/sign in again/), code: 'token-revoked' });

    const answer = await sendTest(fresh);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^Test notification sent to/);
  });

  it('rate-limits each client: 429 with Retry-After once the budget is spent; /health stays open', async () => {
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 45; i += 1) {
      const response = await call('/vapid-public-key');
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
      else await response.arrayBuffer();
    }
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThan(0);
    expect(firstLimited).toBeLessThanOrEqual(40);
    expect(statuses.slice(firstLimited).every((s) => s === 429)).toBe(true);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited?.json()).toEqual({ error: expect.stringMatching(/^Too many requests; try again in \d+ s\.$/) });
    expect((await call('/health')).status).toBe(200);
  });
});
