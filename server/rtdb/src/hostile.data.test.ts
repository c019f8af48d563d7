/**
 * Hostile data (review finding 11): keys that are Object.prototype names, data nested deeper than Firebase
 * allows, and data files a poison write left behind. Nothing a client sends may be stored when it would
 * break the server, and whatever is stored must load again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { get, ref, set } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { startRtdb, type RtdbServer } from './server.ts';
import { deleteClients, removeDir, sdkClient, tempDir, WireClient, type SdkClient } from './test-support.ts';

const dirs: string[] = [];
const servers: RtdbServer[] = [];
const clients: SdkClient[] = [];
const wires: WireClient[] = [];

afterEach(async () => {
  await Promise.all(wires.splice(0).map((w) => w.close()));
  await deleteClients(clients);
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) removeDir(d);
});

function dataDir(): string {
  const dir = tempDir('hostile');
  dirs.push(dir);
  return dir;
}

async function start(dir: string): Promise<RtdbServer> {
  const server = await startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir });
  servers.push(server);
  return server;
}

async function restart(server: RtdbServer, dir: string): Promise<RtdbServer> {
  await server.close();
  servers.splice(servers.indexOf(server), 1);
  return start(dir);
}

/** `{"a":{"a":…1…}}` with `levels` keys from the top to the leaf. */
function nested(levels: number): string {
  let text = '1';
  for (let i = 0; i < levels; i++) text = `{"a":${text}}`;
  return text;
}

describe('keys named like Object.prototype members', () => {
  it('are stored and read back by the SDK', async () => {
    const dir = dataDir();
    const server = await start(dir);
    const c = sdkClient(server.port, server.defaultNamespace);
    clients.push(c);
    await set(ref(c.db, 'k'), { constructor: 1, toString: 'two', valueOf: { isPrototypeOf: true } });
    const other = sdkClient(server.port, server.defaultNamespace);
    clients.push(other);
    expect((await get(ref(other.db, 'k'))).val()).toEqual({ constructor: 1, toString: 'two', valueOf: { isPrototypeOf: true } });
    expect((await get(ref(other.db, 'k/constructor'))).val()).toBe(1);
  });

  it('an admin write of {constructor: 1} and {__proto__: 3} succeeds and survives a restart', async () => {
    const dir = dataDir();
    let server = await start(dir);
    const put = await fetch(`${server.url}/x.json?auth=owner`, { method: 'PUT', body: '{"constructor":1,"__proto__":3}' });
    expect(put.status).toBe(200);
    // The server keeps working for other writes afterwards.
    expect((await fetch(`${server.url}/y.json?auth=owner`, { method: 'PUT', body: '2' })).status).toBe(200);
    server = await restart(server, dir);
    expect(await (await fetch(`${server.url}/x.json`)).text()).toBe('{"constructor":1,"__proto__":3}');
    expect(await (await fetch(`${server.url}/y.json`)).json()).toBe(2);
  });

  it('a log holding such a key, written by an older server, loads', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'demo-satta-default-rtdb'));
    writeFileSync(join(dir, 'demo-satta-default-rtdb', 'log.jsonl'), '{"s":1,"o":"p","p":"x","d":{"constructor":1}}\n');
    const server = await start(dir);
    expect(await (await fetch(`${server.url}/x.json`)).json()).toEqual({ constructor: 1 });
  });
});

describe('depth', () => {
  it('a write nested 1,500 levels is refused with 400 and not stored', async () => {
    const dir = dataDir();
    let server = await start(dir);
    const put = await fetch(`${server.url}/deep.json?auth=owner`, { method: 'PUT', body: nested(1500) });
    expect(put.status).toBe(400);
    expect(await put.json()).toEqual({ error: 'Invalid data: nested deeper than 32 levels' });
    server = await restart(server, dir);
    expect(await (await fetch(`${server.url}/.json`)).json()).toBeNull();
  });

  it('32 levels from the root are accepted, 33 are not, also over the wire and in an update', async () => {
    const server = await start(dataDir());
    expect((await fetch(`${server.url}/a.json?auth=owner`, { method: 'PUT', body: nested(31) })).status).toBe(200);
    expect((await fetch(`${server.url}/b.json?auth=owner`, { method: 'PUT', body: nested(32) })).status).toBe(400);
    expect((await fetch(`${server.url}/c.json?auth=owner`, { method: 'PATCH', body: `{"d/e":${nested(31)}}` })).status).toBe(400);
    const w = await WireClient.connect(server.port, server.defaultNamespace);
    wires.push(w);
    expect(await w.request('p', { p: '/w', d: JSON.parse(nested(40)) })).toEqual({
      s: 'invalid_data',
      d: 'Invalid data: nested deeper than 32 levels',
    });
    expect(await w.request('m', { p: '/w', d: { x: JSON.parse(nested(40)) } })).toEqual({
      s: 'invalid_data',
      d: 'Invalid data: nested deeper than 32 levels',
    });
    expect(await (await fetch(`${server.url}/.json`)).json()).toEqual({ a: JSON.parse(nested(31)) });
  });
});

describe('refusing to start', () => {
  it('names the file whose data cannot be loaded', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'demo-satta-default-rtdb'));
    const file = join(dir, 'demo-satta-default-rtdb', 'log.jsonl');
    writeFileSync(file, '{"s":1,"o":"p","p":"x","d":{"a.b":1}}\n');
    await expect(startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir })).rejects.toThrow(file);
  });
});
