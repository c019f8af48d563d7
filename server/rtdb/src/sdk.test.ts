/**
 * Conformance with the unmodified Firebase JS SDK (Node build) over the wire protocol: every operation
 * the app uses, server-side queries (checked on what the SDK actually received), onDisconnect and rules.
 */
import {
  endAt,
  endBefore,
  enableLogging,
  equalTo,
  get,
  goOffline,
  increment,
  limitToFirst,
  limitToLast,
  onDisconnect,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  push,
  query,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  setPriority,
  setWithPriority,
  startAfter,
  startAt,
  update,
  type DataSnapshot,
  type Query,
} from 'firebase/database';
import { deleteApp } from 'firebase/app';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteClients,
  eventually,
  freshNamespace,
  removeDir,
  sdkClient,
  startTestServer,
  tempDir,
  unsignedJwt,
  until,
  writeRules,
  type SdkClient,
} from './test-support.ts';
import type { RtdbServer } from './server.ts';

const RULES = {
  rules: {
    open: { '.read': true, '.write': true },
    secret: { '.read': false, '.write': false },
    admin: { '.read': true, '.write': 'auth != null && auth.token.admin === true' },
    users: { $uid: { '.read': 'auth != null && auth.uid === $uid', '.write': 'auth != null && auth.uid === $uid' } },
    typed: { '.read': true, '.write': true, $k: { '.validate': 'newData.isNumber()' } },
    paged: { '.read': 'query.orderByKey == true && query.limitToFirst != null && query.limitToFirst <= 2', '.write': true },
  },
};

let server: RtdbServer;
let stop: () => Promise<void>;
let rulesDir: string;
const clients: SdkClient[] = [];

/** Data pushes as the SDK logged them on arrival: the proof of what the server sent. */
const received: Array<{ action: string; body: { p: string; d: unknown; t?: number } }> = [];

beforeAll(async () => {
  rulesDir = tempDir('rules');
  ({ server, stop } = await startTestServer({ rulesFile: writeRules(rulesDir, RULES) }));
  enableLogging((line: string) => {
    const m = /handleServerMessage (\w+) (.*)$/.exec(line.trim());
    if (m) received.push({ action: m[1] as string, body: JSON.parse(m[2] as string) as { p: string; d: unknown; t?: number } });
  });
});

afterEach(async () => {
  await deleteClients(clients);
});

afterAll(async () => {
  enableLogging(false);
  await stop();
  removeDir(rulesDir);
});

function client(ns: string, token?: string): SdkClient {
  const c = sdkClient(server.port, ns, token);
  clients.push(c);
  return c;
}

function rest(ns: string, path: string, init: RequestInit & { query?: string } = {}): Promise<Response> {
  return fetch(`${server.url}/${path}.json?ns=${ns}${init.query ? `&${init.query}` : ''}`, init);
}

async function restGet(ns: string, path: string): Promise<unknown> {
  return (await rest(ns, path, { headers: { Authorization: 'Bearer owner' } })).json();
}

function keysInOrder(snap: DataSnapshot): string[] {
  const keys: string[] = [];
  snap.forEach((c) => {
    keys.push(c.key as string);
  });
  return keys;
}

/** Listens to `q` once and returns the children keys the SDK shows and the keys the server transferred. */
async function queryOnce(q: Query): Promise<{ shown: string[]; sent: string[] }> {
  const path = q.ref
    .toString()
    .replace(/^https?:\/\/[^/]+\//, '')
    .replace(/\?.*$/, '');
  const before = received.length;
  const snap = await new Promise<DataSnapshot>((resolve, reject) => {
    const off = onValue(
      q,
      (s) => {
        off();
        resolve(s);
      },
      reject,
    );
  });
  const pushes = received.slice(before).filter((r) => r.body.p === decodeURIComponent(path) && r.body.t !== undefined);
  const sent = new Set<string>();
  for (const p of pushes) for (const k of Object.keys((p.body.d ?? {}) as object)) sent.add(k);
  return { shown: keysInOrder(snap), sent: [...sent].sort() };
}

describe('basic operations', () => {
  it('a listener in one app sees writes made by another app', async () => {
    const ns = freshNamespace();
    const a = client(ns);
    const b = client(ns);
    const seen: unknown[] = [];
    onValue(ref(a.db, 'open/greeting'), (s) => seen.push(s.val()));
    await until(() => seen.length === 1, 5000, 'first value');
    await set(ref(b.db, 'open/greeting'), { text: 'namaste' });
    await until(() => seen.length === 2, 5000, 'remote write');
    expect(seen).toEqual([null, { text: 'namaste' }]);
  });

  it('get, set, update (multi-path), push and remove', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    const other = client(ns).db;
    await set(ref(db, 'open/a'), { x: 1, y: { z: 'deep' } });
    expect((await get(ref(other, 'open/a'))).val()).toEqual({ x: 1, y: { z: 'deep' } });

    const values: unknown[] = [];
    onValue(ref(other, 'open'), (s) => values.push(s.val()));
    await until(() => values.length === 1);
    await update(ref(db), { 'open/a/x': 2, 'open/b': 'bee', 'open/a/y/z': null });
    await until(() => values.length === 2);
    // One atomic update: the listener sees one new state, not one per path.
    expect(values[1]).toEqual({ a: { x: 2 }, b: 'bee' });

    const pushed = await push(ref(db, 'open/list'), { n: 1 });
    expect(pushed.key).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect(await restGet(ns, `open/list/${pushed.key}`)).toEqual({ n: 1 });

    await remove(ref(db, 'open/a'));
    // `other` listens on /open, so its get() answers from that listen's cache once the change arrived.
    await until(() => values.length > 0 && (values.at(-1) as { a?: unknown }).a === undefined, 5000, 'removal');
    expect((await get(ref(other, 'open/a'))).exists()).toBe(false);
    expect(await restGet(ns, 'open')).toEqual({ b: 'bee', list: { [pushed.key as string]: { n: 1 } } });
  });

  it('runTransaction, also with two clients contending', async () => {
    const ns = freshNamespace();
    const a = client(ns);
    const b = client(ns);
    const result = await runTransaction(ref(a.db, 'open/counter'), (v: number | null) => (v ?? 0) + 1);
    expect(result.committed).toBe(true);
    expect(result.snapshot.val()).toBe(1);
    const bump = (db: SdkClient['db']) => runTransaction(ref(db, 'open/counter'), (v: number | null) => (v ?? 0) + 1);
    await Promise.all(Array.from({ length: 10 }, (_, i) => bump(i % 2 === 0 ? a.db : b.db)));
    expect(await restGet(ns, 'open/counter')).toBe(11);
  });

  it('serverTimestamp and increment are resolved by the server', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    const before = Date.now();
    await set(ref(db, 'open/stamp'), { at: serverTimestamp(), count: increment(2) });
    await update(ref(db, 'open/stamp'), { count: increment(3) });
    const stored = (await restGet(ns, 'open/stamp')) as { at: number; count: number };
    expect(stored.count).toBe(5);
    expect(stored.at).toBeGreaterThanOrEqual(before);
    expect(stored.at).toBeLessThanOrEqual(Date.now());
  });

  it('priorities round-trip', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    await setWithPriority(ref(db, 'open/p'), { v: 1 }, 7);
    const snap = await get(ref(client(ns).db, 'open/p'));
    expect(snap.priority).toBe(7);
    expect(snap.val()).toEqual({ v: 1 });
    await setPriority(ref(db, 'open/p'), 'later');
    expect((await get(ref(client(ns).db, 'open/p'))).priority).toBe('later');
    expect(await (await rest(ns, 'open/p', { query: 'format=export' })).json()).toEqual({ v: 1, '.priority': 'later' });
  });
});

describe('queries are answered on the server with only the matching children', () => {
  const scores = {
    a: { s: 5 },
    b: { s: 1 },
    c: { s: 3 },
    d: { other: 1 },
    e: { s: 'str' },
    f: { s: true },
    g: { s: 3 },
  };

  it('orderByKey with start, end and limits (integer keys first)', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    const days = {
      '2026-10-29': { number: '11' },
      '2026-10-30': { number: '22' },
      '2026-10-31': { number: '33' },
      '2026-11-01': { number: '44' },
    };
    await set(ref(db, 'open/Gali'), days);
    const g = ref(db, 'open/Gali');
    let r = await queryOnce(query(g, orderByKey(), startAt('2026-10-31')));
    expect(r).toEqual({ shown: ['2026-10-31', '2026-11-01'], sent: ['2026-10-31', '2026-11-01'] });
    r = await queryOnce(query(g, orderByKey(), startAfter('2026-10-30'), endAt('2026-10-31')));
    expect(r).toEqual({ shown: ['2026-10-31'], sent: ['2026-10-31'] });
    r = await queryOnce(query(g, orderByKey(), endBefore('2026-10-30')));
    expect(r).toEqual({ shown: ['2026-10-29'], sent: ['2026-10-29'] });
    r = await queryOnce(query(g, orderByKey(), limitToLast(1)));
    expect(r).toEqual({ shown: ['2026-11-01'], sent: ['2026-11-01'] });

    await set(ref(db, 'open/k'), { a: 1, '100': 1, '9': 1, '10': 1 });
    r = await queryOnce(query(ref(db, 'open/k'), orderByKey(), limitToFirst(2)));
    expect(r).toEqual({ shown: ['9', '10'], sent: ['10', '9'] });
    r = await queryOnce(query(ref(db, 'open/k'), orderByKey(), startAt('10')));
    expect(r).toEqual({ shown: ['10', '100', 'a'], sent: ['10', '100', 'a'] });
  });

  it('orderByChild: null < false < true < numbers < strings, ties by key', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    await set(ref(db, 'open/scores'), scores);
    const s = ref(db, 'open/scores');
    const cases: Array<[Query, string[]]> = [
      [query(s, orderByChild('s'), startAt(3)), ['c', 'g', 'a', 'e']],
      [query(s, orderByChild('s'), startAt(3, 'g')), ['g', 'a', 'e']],
      [query(s, orderByChild('s'), endAt(3)), ['d', 'f', 'b', 'c', 'g']],
      [query(s, orderByChild('s'), equalTo(3)), ['c', 'g']],
      [query(s, orderByChild('s'), startAfter(3)), ['a', 'e']],
      [query(s, orderByChild('s'), endBefore(3)), ['d', 'f', 'b']],
      [query(s, orderByChild('s'), limitToFirst(2)), ['d', 'f']],
      [query(s, orderByChild('s'), limitToLast(2)), ['a', 'e']],
    ];
    for (const [q, expected] of cases) {
      const r = await queryOnce(q);
      expect(r.shown).toEqual(expected);
      expect(r.sent).toEqual([...expected].sort());
    }
  });

  it('orderByValue and orderByPriority', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    await set(ref(db, 'open/vals'), { x: 3, y: 1, z: 'a', w: 2 });
    let r = await queryOnce(query(ref(db, 'open/vals'), orderByValue(), startAt(2)));
    expect(r).toEqual({ shown: ['w', 'x', 'z'], sent: ['w', 'x', 'z'] });
    r = await queryOnce(query(ref(db, 'open/vals'), orderByValue(), limitToFirst(2)));
    expect(r).toEqual({ shown: ['y', 'w'], sent: ['w', 'y'] });

    await setWithPriority(ref(db, 'open/pri/p1'), 'one', 10);
    await setWithPriority(ref(db, 'open/pri/p2'), 'two', 5);
    await setWithPriority(ref(db, 'open/pri/p3'), 'three', 'a');
    await set(ref(db, 'open/pri/p4'), 'four');
    r = await queryOnce(query(ref(db, 'open/pri'), orderByPriority(), startAt(6)));
    expect(r).toEqual({ shown: ['p1', 'p3'], sent: ['p1', 'p3'] });
    r = await queryOnce(query(ref(db, 'open/pri'), orderByPriority(), limitToFirst(2)));
    expect(r).toEqual({ shown: ['p4', 'p2'], sent: ['p2', 'p4'] });
  });

  it('a query window follows live changes (children entering and leaving)', async () => {
    const ns = freshNamespace();
    const watcher = client(ns);
    const writer = client(ns);
    await set(ref(writer.db, 'open/live'), { a: 1, b: 2, c: 3 });
    const windows: string[][] = [];
    const before = received.length;
    onValue(query(ref(watcher.db, 'open/live'), orderByKey(), limitToLast(2)), (s) => windows.push(keysInOrder(s)));
    await until(() => windows.length === 1);
    await set(ref(writer.db, 'open/live/d'), 4);
    await until(() => windows.length === 2);
    await remove(ref(writer.db, 'open/live/d'));
    await until(() => windows.length === 3);
    await set(ref(writer.db, 'open/live/a'), 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(windows).toEqual([
      ['b', 'c'],
      ['c', 'd'],
      ['b', 'c'],
    ]);
    const tagged = received.slice(before).filter((r) => r.body.p === 'open/live' && r.body.t !== undefined);
    // Initial window, then only the children that changed: d in and b out, then b back and d out; a is never sent.
    expect(tagged.map((t) => t.body.d)).toEqual([
      { b: 2, c: 3 },
      { b: null, d: 4 },
      { d: null, b: 2 },
    ]);
  });
});

describe('query windows with deep writes', () => {
  it('a write inside a child in the window updates the SDK view', async () => {
    const ns = freshNamespace();
    const watcher = client(ns);
    const writer = client(ns);
    await set(ref(writer.db, 'open/games'), { a: { place: 1, days: { d1: 'x' } }, b: { place: 2 }, c: { place: 3 } });
    const views: unknown[] = [];
    onValue(query(ref(watcher.db, 'open/games'), orderByChild('place'), limitToFirst(2)), (s) => views.push(s.val()));
    await until(() => views.length === 1);
    await set(ref(writer.db, 'open/games/a/days/d2'), 'y');
    await until(() => views.length === 2);
    await set(ref(writer.db, 'open/games/b/place'), 9);
    await until(() => views.length === 3);
    expect(views).toEqual([
      { a: { place: 1, days: { d1: 'x' } }, b: { place: 2 } },
      { a: { place: 1, days: { d1: 'x', d2: 'y' } }, b: { place: 2 } },
      { a: { place: 1, days: { d1: 'x', d2: 'y' } }, c: { place: 3 } },
    ]);
  });
});

describe('onDisconnect', () => {
  it('runs set and update when the client goes offline, not cancelled ones', async () => {
    const ns = freshNamespace();
    const leaving = client(ns);
    const watcher = client(ns);
    await set(ref(leaving.db, 'open/presence'), { state: 'online', seen: 0, keep: 'yes' });
    await onDisconnect(ref(leaving.db, 'open/presence/state')).set('offline');
    await onDisconnect(ref(leaving.db, 'open/presence')).update({ seen: serverTimestamp() });
    await onDisconnect(ref(leaving.db, 'open/presence/keep')).remove();
    await onDisconnect(ref(leaving.db, 'open/presence/keep')).cancel();
    const values: Array<{ state: string; seen: number; keep?: string } | null> = [];
    onValue(ref(watcher.db, 'open/presence'), (s) => values.push(s.val() as never));
    await until(() => values.length === 1);
    goOffline(leaving.db);
    await until(() => values.at(-1)?.state === 'offline' && (values.at(-1)?.seen ?? 0) > 0, 5000, 'onDisconnect writes');
    expect(values.at(-1)?.keep).toBe('yes');
  });

  it('runs when the app is deleted', async () => {
    const ns = freshNamespace();
    const leaving = sdkClient(server.port, ns);
    await onDisconnect(ref(leaving.db, 'open/gone')).set(true);
    await deleteApp(leaving.app);
    await eventually(async () => (await restGet(ns, 'open/gone')) === true, 'onDisconnect after app delete');
  });
});

describe('security rules', () => {
  it('a denied read fails with permission_denied and sends no data', async () => {
    const ns = freshNamespace();
    await rest(ns, 'secret/x', { method: 'PUT', body: '"hidden"', headers: { Authorization: 'Bearer owner' } });
    const { db } = client(ns);
    await expect(get(ref(db, 'secret/x'))).rejects.toThrow(/permission/i);
    const before = received.length;
    const err = await new Promise<Error>((resolve) => onValue(ref(db, 'secret'), () => {}, resolve));
    expect(err.message).toMatch(/permission_denied/i);
    expect(received.slice(before).some((r) => r.body.p.startsWith('secret'))).toBe(false);
  });

  it('a denied write fails with permission_denied and changes nothing; updates are all or nothing', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    await expect(set(ref(db, 'secret/x'), 1)).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(set(ref(db, 'admin/banner'), 'hi')).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(set(ref(db, 'typed/a'), 'not a number')).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(update(ref(db), { 'open/x': 1, 'secret/y': 2 })).rejects.toThrow(/PERMISSION_DENIED/);
    expect(await restGet(ns, '')).toBeNull();
    await set(ref(db, 'typed/a'), 42);
    expect(await restGet(ns, '')).toEqual({ typed: { a: 42 } });
  });

  it('an emulator ID token with admin: true passes `auth.token.admin === true`; auth.uid is the subject', async () => {
    const ns = freshNamespace();
    const admin = client(ns, unsignedJwt({ sub: 'admin-1', user_id: 'admin-1', admin: true }));
    await set(ref(admin.db, 'admin/banner'), 'welcome');
    await set(ref(admin.db, 'users/admin-1/name'), 'me');
    await expect(set(ref(admin.db, 'users/someone-else/name'), 'x')).rejects.toThrow(/PERMISSION_DENIED/);
    const plain = client(ns, unsignedJwt({ sub: 'user-2' }));
    await expect(set(ref(plain.db, 'admin/banner'), 'hacked')).rejects.toThrow(/PERMISSION_DENIED/);
    expect(await restGet(ns, '')).toEqual({ admin: { banner: 'welcome' }, users: { 'admin-1': { name: 'me' } } });
  });
});

describe('query-based rules', () => {
  it('see the query of a listen or get', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    await set(ref(db, 'paged'), { a: 1, b: 2, c: 3 });
    await expect(get(ref(db, 'paged'))).rejects.toThrow(/permission/i);
    await expect(get(query(ref(db, 'paged'), orderByKey(), limitToFirst(3)))).rejects.toThrow(/permission/i);
    expect((await get(query(ref(db, 'paged'), orderByKey(), limitToFirst(2)))).val()).toEqual({ a: 1, b: 2 });
  });
});

describe('REST', () => {
  it('GET/PUT/PATCH/POST/DELETE, shallow, print=silent, CORS', async () => {
    const ns = freshNamespace();
    let res = await rest(ns, 'open/r', { method: 'PUT', body: JSON.stringify({ a: { deep: 1 }, b: 2 }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ a: { deep: 1 }, b: 2 });
    res = await rest(ns, 'open/r', { method: 'PATCH', body: JSON.stringify({ c: 3, 'a/deep': 5 }) });
    expect(await res.json()).toEqual({ c: 3, 'a/deep': 5 });
    res = await rest(ns, 'open/r/list', { method: 'POST', body: '"x"' });
    const { name } = (await res.json()) as { name: string };
    expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect(await (await rest(ns, 'open/r')).json()).toEqual({ a: { deep: 5 }, b: 2, c: 3, list: { [name]: 'x' } });
    expect(await (await rest(ns, 'open/r', { query: 'shallow=true' })).json()).toEqual({ a: true, b: 2, c: 3, list: true });
    res = await rest(ns, 'open/r/b', { method: 'DELETE', query: 'print=silent' });
    expect(res.status).toBe(204);
    expect(await (await rest(ns, 'open/r/b')).json()).toBeNull();
    res = await rest(ns, 'open/r', { query: 'orderBy="$key"&startAt="b"' });
    expect(Object.keys((await res.json()) as object)).toEqual(['c', 'list']);
    res = await fetch(`${server.url}/open/r.json`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('REST writes reach live listeners; rules and tokens apply', async () => {
    const ns = freshNamespace();
    const { db } = client(ns);
    const seen: unknown[] = [];
    onValue(ref(db, 'admin/banner'), (s) => seen.push(s.val()));
    await until(() => seen.length === 1);
    let res = await rest(ns, 'admin/banner', { method: 'PUT', body: '"anon"' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Permission denied' });
    const token = unsignedJwt({ sub: 'admin-1', admin: true });
    res = await rest(ns, 'admin/banner', { method: 'PUT', body: '"via rest"', query: `auth=${token}` });
    expect(res.status).toBe(200);
    await until(() => seen.length === 2);
    expect(seen).toEqual([null, 'via rest']);
    res = await rest(ns, 'admin/banner', { method: 'PUT', body: '"bearer"', headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const expired = unsignedJwt({ sub: 'admin-1', admin: true, iat: 1000, exp: 2000 });
    expect((await rest(ns, 'admin/banner', { method: 'PUT', body: '"old"', query: `auth=${expired}` })).status).toBe(401);
    const otherProject = unsignedJwt({ sub: 'admin-1', admin: true, aud: 'someone-else' });
    expect((await rest(ns, 'admin/banner', { method: 'PUT', body: '"x"', query: `auth=${otherProject}` })).status).toBe(401);
    expect((await rest(ns, 'secret')).status).toBe(401);
    expect((await rest(ns, 'secret', { query: 'auth=owner' })).status).toBe(200);
    expect(await restGet(ns, 'admin/banner')).toBe('bearer');
  });
});

describe('namespaces', () => {
  it('are independent databases', async () => {
    const one = freshNamespace();
    const two = freshNamespace();
    await set(ref(client(one).db, 'open/v'), 'one');
    expect((await get(ref(client(two).db, 'open/v'))).val()).toBeNull();
    expect(await restGet(one, 'open/v')).toBe('one');
  });
});
