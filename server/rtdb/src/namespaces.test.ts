/**
 * Which namespaces exist (review finding 9): the configured ones, ones an admin credential created and
 * ones with data on disk. Anyone else naming a namespace is answered as Firebase answers for a database
 * that does not exist, and nothing is written to disk.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startRtdb, type RtdbServer } from './server.ts';
import { removeDir, tempDir, WireClient } from './test-support.ts';

const MISSING = 'Firebase error. Please ensure that you have the URL of your Firebase Realtime Database instance configured correctly.';

const dirs: string[] = [];
const servers: RtdbServer[] = [];
const wires: WireClient[] = [];

afterEach(async () => {
  await Promise.all(wires.splice(0).map((w) => w.close()));
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) removeDir(d);
});

function dataDir(): string {
  const dir = tempDir('ns');
  dirs.push(dir);
  return dir;
}

async function start(dir: string, namespaces: string[] = []): Promise<RtdbServer> {
  const server = await startRtdb({ port: 0, host: '127.0.0.1', dataDir: dir, namespaces: new Set(namespaces) });
  servers.push(server);
  return server;
}

/** The first message on a raw WebSocket and, with `awaitClose`, whether the server then closed it. */
async function firstMessage(
  port: number,
  ns: string,
  awaitClose: boolean,
  headers: Record<string, string> = {},
): Promise<{ message: unknown; closed: boolean }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?ns=${ns}&v=5`, { headers });
  const message = await new Promise<unknown>((resolve, reject) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.once('error', reject);
  });
  const closed = !awaitClose
    ? false
    : await new Promise<boolean>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve(true);
        const timer = setTimeout(() => resolve(false), 1000);
        ws.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
  if (!closed) ws.terminate();
  return { message, closed };
}

describe('namespaces', () => {
  it('strangers’ namespaces do not exist: REST answers 404 and nothing reaches the disk', async () => {
    const dir = dataDir();
    const server = await start(dir);
    for (let i = 0; i < 50; i++) {
      const read = await fetch(`${server.url}/x.json?ns=guess${i}`);
      expect(read.status).toBe(404);
      expect(await read.json()).toEqual({ error: MISSING });
      const write = await fetch(`${server.url}/x.json?ns=write${i}`, { method: 'PUT', body: '1' });
      expect(write.status).toBe(404);
    }
    expect(readdirSync(dir)).toEqual(['rtdb.lock']);
  });

  it('a WebSocket to an unknown namespace is told to shut down, as Firebase does', async () => {
    const dir = dataDir();
    const server = await start(dir);
    expect(await firstMessage(server.port, 'nosuchdb', true)).toEqual({ message: { t: 'c', d: { t: 's', d: MISSING } }, closed: true });
    expect(readdirSync(dir)).toEqual(['rtdb.lock']);
  });

  it('the default and configured namespaces work for anyone', async () => {
    const server = await start(dataDir(), ['configured']);
    expect((await fetch(`${server.url}/x.json`, { method: 'PUT', body: '1' })).status).toBe(200);
    expect((await fetch(`${server.url}/x.json?ns=configured`, { method: 'PUT', body: '2' })).status).toBe(200);
    expect(await (await fetch(`${server.url}/x.json?ns=configured`)).json()).toBe(2);
    const w = await WireClient.connect(server.port, 'configured');
    wires.push(w);
    expect(w.handshake?.d.t).toBe('h');
  });

  it('an admin credential creates a namespace, over REST or a WebSocket, and it stays after a restart', async () => {
    const dir = dataDir();
    let server = await start(dir);
    expect((await fetch(`${server.url}/x.json?ns=byadmin&auth=owner`, { method: 'PUT', body: '"made"' })).status).toBe(200);
    expect(await (await fetch(`${server.url}/x.json?ns=byadmin`)).json()).toBe('made');
    const admin = await firstMessage(server.port, 'byadminws', false, { Authorization: 'Bearer owner' });
    expect((admin.message as { d: { t: string } }).d.t).toBe('h');
    await server.close();
    servers.splice(0);
    server = await start(dir);
    expect(await (await fetch(`${server.url}/x.json?ns=byadmin`)).json()).toBe('made');
  });

  it('an empty directory an older server made for a stranger is not loaded as a namespace', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'junk'));
    writeFileSync(join(dir, 'junk', 'log.jsonl'), '');
    const server = await start(dir);
    expect((await fetch(`${server.url}/.json?ns=junk`)).status).toBe(404);
  });
});
