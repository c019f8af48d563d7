/**
 * Each client connection holds a descriptor. Connections once used all 1,024 descriptors of the process;
 * the next compaction failed with EMFILE and the server exited. Connections are now capped below the
 * descriptor limit, with descriptors kept in reserve for storage.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp } from 'firebase/app';
import { onValue, ref, set } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { adminPut, bystanderRead, within } from './bystander.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { freshNamespace, sdkClient, type SdkClient } from './test-support.ts';

const servers: ChildServer[] = [];
const sockets: WebSocket[] = [];
const clients: SdkClient[] = [];

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await Promise.all(clients.splice(0).map((c) => deleteApp(c.app)));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** Opens a socket; true once it is open, false when the server refused or dropped it. */
function connect(port: number, ns: string): Promise<boolean> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?ns=${ns}&v=5`);
  sockets.push(ws);
  return new Promise((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('error', () => resolve(false));
    ws.once('close', () => resolve(false));
  });
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  await within(
    (async () => {
      while (!check()) await new Promise((r) => setTimeout(r, 10));
    })(),
    5000,
    what,
  );
}

describe('connections and descriptors', () => {
  it('with 256 descriptors, 300 sockets neither starve compaction nor stop the server', async () => {
    const server = await startChildServer({ maxFiles: 256, args: ['--compact-bytes', '2000'] });
    servers.push(server);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');

    // A visitor connected before the attack keeps its connection throughout.
    const visitor = sdkClient(server.port, ns);
    clients.push(visitor);
    const seen: unknown[] = [];
    onValue(ref(visitor.db, 'sattanamee/Gali/time'), (snap) => void seen.push(snap.val()));
    await waitFor(() => seen.includes('05:00 PM'), 'first value');

    const opened = await within(Promise.all(Array.from({ length: 300 }, () => connect(server.port, ns))), 8000, 'attack sockets');
    const held = opened.filter(Boolean).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(256);

    // Enough writes to pass the compaction threshold several times, while the sockets are held.
    for (let i = 0; i < 10; i++) {
      const value = `${String(i).padStart(2, '0')}:00 PM ${'x'.repeat(500)}`;
      await within(set(ref(visitor.db, 'sattanamee/Gali/time'), value), 5000, `write ${i}`);
      await waitFor(() => seen.includes(value), `live update ${i}`);
    }
    const last = `09:00 PM ${'x'.repeat(500)}`;
    const snapshot = join(server.dataDir, ns, 'snapshot.json');
    await waitFor(() => existsSync(snapshot) && readFileSync(snapshot, 'utf8').includes(':00 PM xxx'), 'a compaction');
    expect(server.alive()).toBe(true);
    expect(server.stderr()).not.toMatch(/EMFILE|storage failure/);

    for (const ws of sockets.splice(0)) ws.terminate();
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe(last);
    expect(server.alive()).toBe(true);
  });

  it('refuses connections beyond --max-connections and accepts again once they close', async () => {
    const server = await startChildServer({ args: ['--max-connections', '20', '--max-connections-per-address', '20'] });
    servers.push(server);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const opened = await within(Promise.all(Array.from({ length: 30 }, () => connect(server.port, ns))), 8000, 'sockets');
    expect(opened.filter(Boolean).length).toBe(20);
    for (const ws of sockets.splice(0)) ws.terminate();
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
  });
});
