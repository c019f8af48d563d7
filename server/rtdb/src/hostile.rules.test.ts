/**
 * Rules that a hostile client tried to get around (review findings 12 and 13): a transaction's hash must
 * not reveal data the client may not read, and onDisconnect operations run with the registering client's
 * rights against the data as it is when they run.
 */
import { goOffline, onDisconnect, ref, set } from 'firebase/database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashNode } from './hash.ts';
import { leaf } from './tree.ts';
import {
  deleteClients,
  eventually,
  freshNamespace,
  removeDir,
  sdkClient,
  startTestServer,
  tempDir,
  unsignedJwt,
  WireClient,
  writeRules,
  type SdkClient,
} from './test-support.ts';
import type { RtdbServer } from './server.ts';

const RULES = {
  rules: {
    open: { '.read': true, '.write': true },
    secret: { '.read': false, '.write': false },
    dropbox: { '.read': false, '.write': true },
    slots: { $id: { '.read': true, '.write': "auth != null && (!data.exists() || data.child('owner').val() === auth.uid)" } },
  },
};

let server: RtdbServer;
let stop: () => Promise<void>;
let rulesDir: string;
const wires: WireClient[] = [];
const clients: SdkClient[] = [];

beforeAll(async () => {
  rulesDir = tempDir('rules');
  ({ server, stop } = await startTestServer({ rulesFile: writeRules(rulesDir, RULES) }));
});

afterEach(async () => {
  await Promise.all(wires.splice(0).map((w) => w.close()));
  await deleteClients(clients);
});

afterAll(async () => {
  await stop();
  removeDir(rulesDir);
});

async function adminPut(ns: string, path: string, value: unknown): Promise<void> {
  const res = await fetch(`${server.url}/${path}.json?ns=${ns}&auth=owner`, { method: 'PUT', body: JSON.stringify(value) });
  expect(res.status).toBe(200);
}

async function adminGet(ns: string, path: string): Promise<unknown> {
  return (await fetch(`${server.url}/${path}.json?ns=${ns}&auth=owner`)).json();
}

describe('transactions (finding 12)', () => {
  it('a client denied write learns nothing from guessing the hash', async () => {
    const ns = freshNamespace();
    await adminPut(ns, 'secret/sent/Disawar', 99);
    const w = await WireClient.connect(server.port, ns);
    wires.push(w);
    const guess = (n: number) => w.request('p', { p: '/secret/sent/Disawar', d: n + 1, h: hashNode(leaf(n)) });
    expect(await guess(98)).toEqual({ s: 'permission_denied', d: 'Permission denied' });
    expect(await guess(99)).toEqual({ s: 'permission_denied', d: 'Permission denied' });
    expect(await adminGet(ns, 'secret/sent/Disawar')).toBe(99);
  });

  it('a transaction needs read permission as well as write', async () => {
    const ns = freshNamespace();
    await adminPut(ns, 'dropbox/box', 5);
    const w = await WireClient.connect(server.port, ns);
    wires.push(w);
    expect(await w.request('p', { p: '/dropbox/box', d: 6, h: hashNode(leaf(4)) })).toEqual({
      s: 'permission_denied',
      d: 'Permission denied',
    });
    expect(await w.request('p', { p: '/dropbox/box', d: 6, h: hashNode(leaf(5)) })).toEqual({
      s: 'permission_denied',
      d: 'Permission denied',
    });
    expect(await adminGet(ns, 'dropbox/box')).toBe(5);
    // A plain set stays allowed: only the transaction reads.
    expect(await w.request('p', { p: '/dropbox/box', d: 7 })).toEqual({ s: 'ok', d: '' });
  });

  it('a permitted transaction still answers datastale for a wrong hash and ok for the right one', async () => {
    const ns = freshNamespace();
    await adminPut(ns, 'open/n', 1);
    const w = await WireClient.connect(server.port, ns);
    wires.push(w);
    expect(await w.request('p', { p: '/open/n', d: 3, h: hashNode(leaf(2)) })).toEqual({
      s: 'datastale',
      d: 'Transaction hash does not match',
    });
    expect(await w.request('p', { p: '/open/n', d: 2, h: hashNode(leaf(1)) })).toEqual({ s: 'ok', d: '' });
    expect(await adminGet(ns, 'open/n')).toBe(2);
  });
});

describe('onDisconnect (finding 13)', () => {
  it('runs with the registering client’s rights on the data at that time: a slot taken meanwhile stays', async () => {
    const ns = freshNamespace();
    const a = sdkClient(server.port, ns, unsignedJwt({ sub: 'a' }));
    const b = sdkClient(server.port, ns, unsignedJwt({ sub: 'b' }));
    clients.push(a, b);
    // Allowed when registered: the slot is empty.
    await onDisconnect(ref(a.db, 'slots/x')).set({ owner: 'a', left: true });
    await onDisconnect(ref(a.db, 'slots/y')).remove();
    // Registered last, so once it is there the earlier operations have run (or been skipped).
    await onDisconnect(ref(a.db, 'slots/a-gone')).set({ owner: 'a' });
    await set(ref(b.db, 'slots/x'), { owner: 'b' });
    await set(ref(b.db, 'slots/y'), { owner: 'b' });
    goOffline(a.db);
    await eventually(async () => (await adminGet(ns, 'slots/a-gone')) !== null, 'a’s onDisconnect operations');
    expect(await adminGet(ns, 'slots')).toEqual({ x: { owner: 'b' }, y: { owner: 'b' }, 'a-gone': { owner: 'a' } });
  });

  it('still applies operations that remain allowed', async () => {
    const ns = freshNamespace();
    const a = sdkClient(server.port, ns, unsignedJwt({ sub: 'a' }));
    clients.push(a);
    await set(ref(a.db, 'slots/mine'), { owner: 'a' });
    await onDisconnect(ref(a.db, 'slots/mine')).remove();
    await onDisconnect(ref(a.db, 'open/gone')).set(true);
    goOffline(a.db);
    await eventually(async () => (await adminGet(ns, 'open/gone')) === true, 'a’s onDisconnect operations');
    expect(await adminGet(ns, 'slots')).toBeNull();
  });
});
