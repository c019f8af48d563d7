/** The wire protocol seen from a raw WebSocket: handshake, auth actions, hashes, framing, tagged pushes. */
import { runTransaction, ref, set, setWithPriority } from 'firebase/database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteClients,
  freshNamespace,
  removeDir,
  sdkClient,
  startTestServer,
  tempDir,
  unsignedJwt,
  until,
  WireClient,
  writeRules,
  type SdkClient,
} from './test-support.ts';
import type { RtdbServer } from './server.ts';

const RULES = {
  rules: {
    open: { '.read': true, '.write': true },
    admin: { '.read': true, '.write': 'auth != null && auth.token.admin === true' },
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

async function wire(ns: string): Promise<WireClient> {
  const w = await WireClient.connect(server.port, ns);
  wires.push(w);
  return w;
}

describe('wire protocol', () => {
  it('starts with the handshake and answers pings', async () => {
    const w = await wire(freshNamespace());
    const hello = w.handshake as { t: string; d: { t: string; d: { v: string; h: string; s: string; ts: number } } };
    expect(hello.t).toBe('c');
    expect(hello.d.t).toBe('h');
    expect(hello.d.d.v).toBe('5');
    expect(hello.d.d.h).toBe(`127.0.0.1:${server.port}`);
    expect(typeof hello.d.d.s).toBe('string');
    expect(Math.abs(hello.d.d.ts - Date.now())).toBeLessThan(5000);
    expect(await w.request('s', { c: { 'sdk.js.test': 1 } })).toEqual({ s: 'ok', d: '' });
  });

  it('auth with an emulator ID token, gauth with owner, unauth, and invalid tokens', async () => {
    const w = await wire(freshNamespace());
    expect((await w.request('p', { p: 'admin/x', d: 1 })).s).toBe('permission_denied');
    const token = unsignedJwt({ sub: 'boss', admin: true });
    const ok = (await w.request('auth', { cred: token })) as {
      s: string;
      d: { auth: { uid: string; provider: string; token: { admin: boolean } } };
    };
    expect(ok.s).toBe('ok');
    expect(ok.d.auth.uid).toBe('boss');
    expect(ok.d.auth.provider).toBe('password');
    expect(ok.d.auth.token.admin).toBe(true);
    expect((await w.request('p', { p: 'admin/x', d: 1 })).s).toBe('ok');
    expect((await w.request('unauth', {})).s).toBe('ok');
    expect((await w.request('p', { p: 'admin/x', d: 2 })).s).toBe('permission_denied');
    expect((await w.request('gauth', { cred: 'owner' })).s).toBe('ok');
    expect((await w.request('p', { p: 'admin/x', d: 3 })).s).toBe('ok');
    expect((await w.request('auth', { cred: 'not-a-jwt' })).s).toBe('invalid_token');
    const expired = unsignedJwt({ sub: 'boss', admin: true, iat: 1, exp: 2 });
    expect((await w.request('auth', { cred: expired })).s).toBe('invalid_token');
    expect((await w.request('auth', { cred: unsignedJwt({ sub: 'boss', aud: 'other-project' }) })).s).toBe('invalid_token');
    expect((await w.request('g', { p: 'admin/x', q: {} })).d).toBe(3);
  });

  it('a put with a stale hash is answered datastale and changes nothing', async () => {
    const w = await wire(freshNamespace());
    await w.request('p', { p: 'open/n', d: 1 });
    expect((await w.request('p', { p: 'open/n', d: 2, h: 'not-the-hash' })).s).toBe('datastale');
    expect((await w.request('g', { p: 'open/n', q: {} })).d).toBe(1);
  });

  it('computes the same hash as the client for every kind of value (transactions commit at once)', async () => {
    const ns = freshNamespace();
    const c = sdkClient(server.port, ns);
    clients.push(c);
    const data = {
      s: 'नमस्ते',
      f: 1.5,
      neg: -0.1,
      big: 1e21,
      i: 42,
      t: true,
      no: false,
      nested: { '1': 'one', '10': 'ten', '2': 'two', deep: { x: 'y' } },
    };
    await set(ref(c.db, 'open/h'), data);
    await setWithPriority(ref(c.db, 'open/h/prio'), { v: 1 }, 'high');
    await setWithPriority(ref(c.db, 'open/h/nprio'), 5, 2.5);
    let calls = 0;
    const result = await runTransaction(ref(c.db, 'open/h'), (current: Record<string, unknown> | null) => {
      calls++;
      return current === null ? { placeholder: true } : { ...current, added: 1 };
    });
    expect(result.committed).toBe(true);
    // A first attempt on the empty local cache is rejected as stale; the second one, hashed over the real data, must match.
    expect(calls).toBeLessThanOrEqual(2);
    expect((result.snapshot.val() as { added: number }).added).toBe(1);
  });

  it('splits long messages into counted frames and accepts counted frames', async () => {
    const w = await wire(freshNamespace());
    const big = 'x'.repeat(100_000);
    // The client announces the frame count, then sends the pieces.
    const message = JSON.stringify({ t: 'd', d: { r: 99, a: 'p', b: { p: 'open/big', d: big } } });
    const pieces = message.match(/[\s\S]{1,16384}/g) as string[];
    w.sendFrames([String(pieces.length), ...pieces]);
    await until(() => w.messages.some((m) => m.d.r === 99));
    const framesBefore = w.frames.length;
    const answer = await w.request('g', { p: 'open/big', q: {} });
    expect(answer.s).toBe('ok');
    expect(answer.d).toBe(big);
    const frames = w.frames.slice(framesBefore);
    expect(frames[0]).toBe(String(frames.length - 1));
    expect(frames.length - 1).toBeGreaterThan(1);
  });

  it('sends a query listen only its window, tagged, then only children that enter or leave', async () => {
    const ns = freshNamespace();
    const w = await wire(ns);
    const writer = await wire(ns);
    await writer.request('p', { p: 'open/days', d: { '2026-10-30': 1, '2026-10-31': 2, '2026-11-01': 3 } });
    const listen = await w.request('q', { p: 'open/days', q: { sp: '2026-10-31', sin: true, i: '.key' }, t: 7, h: '' });
    expect(listen.s).toBe('ok');
    await writer.request('p', { p: 'open/days/2026-10-29', d: 0 });
    await writer.request('p', { p: 'open/days/2026-11-02', d: 4 });
    await until(() => w.pushes().length === 2);
    expect(w.pushes()).toEqual([
      { a: 'd', b: { p: 'open/days', d: { '2026-10-31': 2, '2026-11-01': 3 }, t: 7 } },
      { a: 'm', b: { p: 'open/days', d: { '2026-11-02': 4 }, t: 7 } },
    ]);
    expect((await w.request('n', { p: 'open/days', q: { sp: '2026-10-31', sin: true, i: '.key' }, t: 7 })).s).toBe('ok');
    await writer.request('p', { p: 'open/days/2026-11-03', d: 5 });
    await new Promise((r) => setTimeout(r, 50));
    expect(w.pushes()).toHaveLength(2);
  });

  it('an update above a plain listen sends only the entries inside it', async () => {
    const ns = freshNamespace();
    const w = await wire(ns);
    const writer = await wire(ns);
    await writer.request('p', { p: 'open/games', d: { Gali: { '2026-10-30': { number: '01' } }, Disawar: { time: '02:00 AM' } } });
    await w.request('q', { p: 'open/games', h: '' });
    await writer.request('m', { p: '', d: { 'open/games/Gali/2026-10-31': { number: '05' }, 'open/other': 1 } });
    await until(() => w.pushes().length === 2);
    expect(w.pushes()[1]).toEqual({ a: 'm', b: { p: 'open/games', d: { 'Gali/2026-10-31': { number: '05' } } } });
  });
});

describe('query listens and deep writes', () => {
  it('a write inside a child of an unchanged window is sent as that write, tagged', async () => {
    const ns = freshNamespace();
    const w = await wire(ns);
    const writer = await wire(ns);
    await writer.request('p', { p: 'open/games', d: { a: { place: 1, days: { d1: 'x' } }, b: { place: 2 }, c: { place: 3 } } });
    await w.request('q', { p: 'open/games', q: { l: 2, vf: 'l', i: 'place' }, t: 3, h: '' });
    await writer.request('p', { p: 'open/games/a/days/d2', d: 'y' });
    await writer.request('p', { p: 'open/games/c/days/d1', d: 'outside the window' });
    await writer.request('p', { p: 'open/games/b/place', d: 9 });
    await until(() => w.pushes().length === 3);
    expect(w.pushes()).toEqual([
      { a: 'd', b: { p: 'open/games', d: { a: { place: 1, days: { d1: 'x' } }, b: { place: 2 } }, t: 3 } },
      { a: 'd', b: { p: 'open/games/a/days/d2', d: 'y', t: 3 } },
      // b moved past c: the window changes, so whole children enter and leave.
      { a: 'm', b: { p: 'open/games', d: { b: null, c: { place: 3, days: { d1: 'outside the window' } } }, t: 3 } },
    ]);
  });
});
