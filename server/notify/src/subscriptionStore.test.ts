import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startProcess, type Managed } from '../../../scripts/processes.ts';
import { subscriptionKey } from './subscription.ts';
import { SubscriptionRefusedError, createSubscriptionBounds } from './subscriptionBounds.ts';
import { subscriptionStore, type SubscriptionStore } from './subscriptionStore.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { startTarpit, type Tarpit } from './testing/tarpit.ts';
import { BackendTimeoutError } from './timeout.ts';

let app: App | undefined;
let tarpit: Tarpit | undefined;
afterEach(async () => {
  if (app) await deleteApp(app);
  await tarpit?.close();
  app = undefined;
});

describe('subscription store with the database out of reach', () => {
  it("gives up listing and saving after its timeout, where firebase-admin's get() would wait forever", async () => {
    tarpit = await startTarpit();
    app = initializeApp({ projectId: 'demo-unreachable', databaseURL: `${tarpit.url}?ns=demo-unreachable` }, `unreachable-${Date.now()}`);
    const store = subscriptionStore(getDatabase(app), { timeoutMs: 300, log: () => undefined });
    await expect(store.list()).rejects.toBeInstanceOf(BackendTimeoutError);
    await expect(store.list()).rejects.toThrow('the database did not answer within 300 ms');
    await expect(store.followers('Gali')).rejects.toBeInstanceOf(BackendTimeoutError);
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } };
    await expect(store.save(subscription)).rejects.toBeInstanceOf(BackendTimeoutError);
    await expect(store.setGames(subscription.endpoint, ['Gali'])).rejects.toBeInstanceOf(BackendTimeoutError);
    expect(store.loaded()).toBe(false);
    expect(tarpit.connections()).toBeGreaterThan(0);
    store.close();
  });
});

/*
 * The store against the local database server (server/rtdb, a process of its own), as firebase-admin
 * sees it: games stored with each entry, the index kept by the listener, rotation and pruning.
 */
describe('subscription store: the games each subscription follows', () => {
  const keys = generateSubscriberKeys();
  const sub = (name: string) => ({
    endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  const keyOf = (name: string) => subscriptionKey(sub(name).endpoint);
  const names = (targets: { key: string }[]) =>
    targets
      .map((t) => t.key)
      .map((key) => ['a', 'b', 'c', 'd', 'new', 'old', 'other'].find((name) => keyOf(name) === key) ?? key)
      .sort();

  let rtdb: Managed | undefined;
  let url: string;
  let dataDir: string;
  let db: Database;
  let store: SubscriptionStore;
  let logs: string[];
  let ns = 0;
  const entry = async (name: string) => (await db.ref(`webPushSubscriptions/${keyOf(name)}`).get()).val() as unknown;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'notify-store-'));
    const started = await startProcess(
      'rtdb',
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../../rtdb/src/main.ts'), '--port', '0', '--host', '127.0.0.1', '--data', dataDir],
      { ready: /rtdb: listening on (http:\/\/127\.0\.0\.1:\d+)/ },
    );
    rtdb = started.managed;
    url = started.match[1] as string;
  });
  afterAll(async () => {
    await rtdb?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    ns += 1;
    app = initializeApp({ projectId: 'demo-satta', databaseURL: `${url}?ns=store-${process.pid}-${ns}` }, `store-${ns}`);
    db = getDatabase(app);
    logs = [];
    store = subscriptionStore(db, { timeoutMs: 5_000, log: (line) => logs.push(line) });
    await store.ready;
  });
  afterEach(() => store.close());

  it('stores a new subscription for every game (no games field), then the chosen games, none, and every game again', async () => {
    const first = await store.save(sub('a'));
    expect(first).toEqual({ key: keyOf('a'), created: true, games: null, carried: false });
    expect(await entry('a')).toEqual({ ...sub('a'), createdAt: expect.any(Number) });

    expect(await store.setGames(sub('a').endpoint, ['Gali'])).toEqual({ games: ['Gali'] });
    expect(await entry('a')).toEqual({ ...sub('a'), createdAt: expect.any(Number), games: { Gali: true } });
    expect(names(await store.followers('Gali'))).toEqual(['a']);
    expect(names(await store.followers('Disawar'))).toEqual([]);
    // Saved again (the page does on every visit): the choice stays and is answered.
    expect(await store.save(sub('a'))).toEqual({ key: keyOf('a'), created: false, games: ['Gali'], carried: false });

    expect(await store.setGames(sub('a').endpoint, [])).toEqual({ games: [] });
    expect(await entry('a')).toMatchObject({ games: false });
    expect(names(await store.followers('Gali'))).toEqual([]);
    expect(await store.save(sub('a'))).toMatchObject({ games: [] });

    expect(await store.setGames(sub('a').endpoint, null)).toEqual({ games: null });
    expect(await entry('a')).toEqual({ ...sub('a'), createdAt: expect.any(Number) });
    expect(names(await store.followers('Disawar'))).toEqual(['a']);
  });

  it('refuses a new subscription once the cap is stored (503, Retry-After, one line to alert on), and still answers one that exists', async () => {
    store.close();
    const bounds = createSubscriptionBounds({ maxTotal: 2, perClient: 100, windowMs: 3_600_000, log: (line) => logs.push(line) });
    store = subscriptionStore(db, { timeoutMs: 5_000, log: (line) => logs.push(line), bounds });
    await store.ready;
    expect((await store.save(sub('a'), null, '192.0.2.1')).created).toBe(true);
    expect((await store.save(sub('b'), null, '192.0.2.2')).created).toBe(true);
    const refused = await store.save(sub('c'), null, '192.0.2.3').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SubscriptionRefusedError);
    expect(refused).toMatchObject({ status: 503, code: 'subscriptions-full', retryAfterSec: 3600 });
    await expect(store.save(sub('d'), null, '192.0.2.4')).rejects.toBeInstanceOf(SubscriptionRefusedError);
    expect(await entry('c')).toBeNull();
    expect(await entry('d')).toBeNull();
    // Once a minute at most: the operator's alert, not a line per request.
    expect(logs.filter((line) => line.includes('subscription cap reached'))).toEqual([
      'notify: subscription cap reached: 2 stored of at most 2 (NOTIFY_MAX_SUBSCRIPTIONS); 1 new subscription(s) refused with 503 since the last such line',
    ]);
    expect(await store.save(sub('a'), null, '192.0.2.3')).toMatchObject({ created: false });
    // A gone subscription removed makes room again.
    await store.remove(keyOf('b'));
    expect((await store.save(sub('c'), null, '192.0.2.3')).created).toBe(true);
  });

  it('sets no games for an endpoint nobody subscribed with, and creates no entry', async () => {
    expect(await store.setGames(sub('nobody').endpoint, ['Gali'])).toBeNull();
    expect(await entry('nobody')).toBeNull();
  });

  it("lists for a result only the game's followers and those following every game; the test notification goes to all", async () => {
    for (const name of ['a', 'b', 'c', 'd']) await store.save(sub(name));
    await store.setGames(sub('b').endpoint, ['Gali']);
    await store.setGames(sub('c').endpoint, ['Disawar', 'Gali']);
    await store.setGames(sub('d').endpoint, ['Disawar']);
    expect(names(await store.followers('Gali'))).toEqual(['a', 'b', 'c']);
    expect(names(await store.followers('Disawar'))).toEqual(['a', 'c', 'd']);
    // Another spelling of the same game (an alias) finds the same followers.
    expect(names(await store.followers('Disawer'))).toEqual(['a', 'c', 'd']);
    expect(names(await store.followers('Sadak'))).toEqual(['a']);
    expect(names(await store.list())).toEqual(['a', 'b', 'c', 'd']);
  });

  it('carries the choices of the previous endpoint to the new one after the browser rotates its keys, and drops the old entry', async () => {
    await store.save(sub('old'));
    await store.setGames(sub('old').endpoint, ['Gali']);
    const moved = await store.save(sub('new'), sub('old').endpoint);
    expect(moved).toEqual({ key: keyOf('new'), created: true, games: ['Gali'], carried: true });
    expect(await entry('new')).toMatchObject({ endpoint: sub('new').endpoint, games: { Gali: true } });
    expect(await entry('old')).toBeNull();
    expect(names(await store.followers('Gali'))).toEqual(['new']);
    expect(names(await store.followers('Disawar'))).toEqual([]);
    // Told again (the service worker did, then the page): nothing is left to carry; the choice stays.
    expect(await store.save(sub('new'), sub('old').endpoint)).toEqual({
      key: keyOf('new'),
      created: false,
      games: ['Gali'],
      carried: false,
    });
  });

  it('prunes a gone subscription together with its choices', async () => {
    await store.save(sub('a'));
    await store.save(sub('b'));
    await store.setGames(sub('a').endpoint, ['Gali']);
    await store.remove(keyOf('a'));
    expect(await entry('a')).toBeNull();
    expect(names(await store.followers('Gali'))).toEqual(['b']);
    expect(names(await store.list())).toEqual(['b']);
  });

  it("sees another writer's changes (a second instance, a hand edit) as the stream brings them, and ignores malformed entries", async () => {
    const other = initializeApp({ projectId: 'demo-satta', databaseURL: `${url}?ns=store-${process.pid}-${ns}` }, `other-${ns}`);
    try {
      const otherDb = getDatabase(other);
      await otherDb.ref(`webPushSubscriptions/${keyOf('other')}`).set({ ...sub('other'), games: { Gali: true } });
      await otherDb.ref('webPushSubscriptions/junk').set({ endpoint: 'x' });
      // Another connection's write arrives over the list's stream a moment after it is made.
      await vi.waitFor(async () => expect(names(await store.followers('Gali'))).toEqual(['other']));
      await otherDb.ref(`webPushSubscriptions/${keyOf('other')}/games`).set({ Disawar: true });
      await vi.waitFor(async () => expect(names(await store.followers('Disawar'))).toEqual(['other']));
      expect(names(await store.followers('Gali'))).toEqual([]);
      // A change deeper in an entry (one game of its choice): the entry is read again.
      await otherDb.ref(`webPushSubscriptions/${keyOf('other')}/games/Gali`).set(true);
      await vi.waitFor(async () => expect(names(await store.followers('Gali'))).toEqual(['other']));
      await otherDb.ref(`webPushSubscriptions/${keyOf('other')}`).remove();
      await vi.waitFor(async () => expect(names(await store.list())).toEqual([]));
      expect(logs).toContain(
        'notify: malformed subscription junk in webPushSubscriptions ignored: keys must be an object { p256dh, auth }.',
      );
    } finally {
      await deleteApp(other);
    }
  });
});
