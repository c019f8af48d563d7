/**
 * Rules and credentials on REST streams: the read rule decides at the start (401 as for a REST read),
 * is asked again after every write (rules may read any data), and a stream whose permission goes
 * ends with `cancel`; one whose ID token expires ends with `auth_revoked`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshNamespace,
  removeDir,
  SseClient,
  startTestServer,
  tempDir,
  unsignedJwt,
  until,
  writeRules,
  ownerWrite,
} from './test-support.ts';
import type { RtdbServer } from './server.ts';

const RULES = {
  rules: {
    room: { '.read': "root.child('gate').val() === 'open'" },
    users: { $uid: { '.read': 'auth != null && auth.uid === $uid' } },
    paged: { '.read': 'query.orderByKey == true && query.limitToFirst != null && query.limitToFirst <= 2' },
  },
};

let server: RtdbServer;
let stop: () => Promise<void>;
let rulesDir: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  rulesDir = tempDir('rules');
  ({ server, stop } = await startTestServer({ rulesFile: writeRules(rulesDir, RULES) }));
});

afterEach(() => {
  for (const s of streams.splice(0)) s.abort();
});

afterAll(async () => {
  await stop();
  removeDir(rulesDir);
});

const write = (method: string, ns: string, path: string, body?: unknown) => ownerWrite(server.url, method, ns, path, body);

async function open(ns: string, path: string, params: Record<string, string> = {}): Promise<SseClient> {
  const stream = await SseClient.open(`${server.url}/${path}.json?${new URLSearchParams({ ns, ...params })}`);
  streams.push(stream);
  return stream;
}

function token(uid: string, expiresInSec = 3600): string {
  return unsignedJwt({ sub: uid, user_id: uid, exp: Math.ceil(Date.now() / 1000) + expiresInSec });
}

describe('rules on REST streams', () => {
  it('refuses a stream the rules do not allow with 401 and Firebase’s JSON error, as a REST read', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'room', { a: 1 });
    const denied = await open(ns, 'room');
    expect(denied.response.status).toBe(401);
    expect(denied.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await denied.response.text()).toBe('{"error":"Permission denied"}');

    // The owner credential bypasses rules, as for every REST request.
    const owner = await open(ns, 'room', { auth: 'owner' });
    expect(await owner.waitForEvents(1)).toEqual([{ event: 'put', data: { path: '/', data: { a: 1 } } }]);
  });

  it('takes the ID token from `auth=` and evaluates the rules for that user', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'users/u1', { name: 'one' });
    const mine = await open(ns, 'users/u1', { auth: token('u1') });
    expect(await mine.waitForEvents(1)).toEqual([{ event: 'put', data: { path: '/', data: { name: 'one' } } }]);
    expect((await open(ns, 'users/u1', { auth: token('u2') })).response.status).toBe(401);
    expect((await open(ns, 'users/u1')).response.status).toBe(401);
    const bad = await open(ns, 'users/u1', { auth: 'not-a-token' });
    expect(bad.response.status).toBe(401);
    expect(await bad.response.json()).toEqual({ error: 'Could not parse auth token.' });
  });

  it('gives the rules the query of a query stream', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'paged', { a: 1, b: 2, c: 3 });
    const allowed = await open(ns, 'paged', { orderBy: '"$key"', limitToFirst: '2' });
    expect(await allowed.waitForEvents(1)).toEqual([{ event: 'put', data: { path: '/', data: { a: 1, b: 2 } } }]);
    expect((await open(ns, 'paged', { orderBy: '"$key"', limitToFirst: '3' })).response.status).toBe(401);
  });

  it('sends `cancel` and ends the stream when a write elsewhere takes the permission away', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'gate', 'open');
    await write('PUT', ns, 'room', { a: 1 });
    const stream = await open(ns, 'room');
    await stream.waitForEvents(1);
    await write('PUT', ns, 'room/a', 2);

    // One update closes the gate and changes the room: the stream must not show the room's new data.
    await write('PATCH', ns, '', { gate: 'closed', 'room/a': 'secret' });
    await stream.waitForEnd();
    expect(stream.text).toBe(
      'event: put\ndata: {"path":"/","data":{"a":1}}\n\n' +
        'event: put\ndata: {"path":"/a","data":2}\n\n' +
        'event: cancel\ndata: "Permission denied"\n\n',
    );
    // Nothing of the stream is left behind (the other tests' streams are aborted too).
    await until(() => server.streamCount() === 0, 5000, 'no open streams');
  });

  it('sends `auth_revoked` and ends the stream when the ID token expires', async () => {
    const ns = freshNamespace();
    await write('PUT', ns, 'users/u1', 1);
    const stream = await open(ns, 'users/u1', { auth: token('u1', 1) });
    await stream.waitForEnd();
    expect(stream.events).toEqual([
      { event: 'put', data: { path: '/', data: 1 } },
      { event: 'auth_revoked', data: 'credential is no longer valid' },
    ]);
  });
});
