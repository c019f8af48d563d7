import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProcess, type Managed } from '../../../scripts/processes.ts';
import type { FanOutResult, Target } from './fanOut.ts';
import { sentLedger } from './sentLedger.ts';
import { createShardRunner } from './shardRunner.ts';
import { shardOf, type ShardRequest } from './shards.ts';
import { subscriptionKey } from './subscription.ts';

/*
 * A shard as the queue delivers it, against the shard ledger in the local database server
 * (server/rtdb, a process of its own): the queue may deliver a shard twice, at once or later, and
 * retries one that failed.
 */
const targets: Target[] = Array.from({ length: 40 }, (_, i) => {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${i}`;
  return { key: subscriptionKey(endpoint), subscription: { endpoint, keys: { p256dh: 'p', auth: 'a' } } };
});
const SHARD: ShardRequest = { date: '2026-11-28', game: 'Gali', number: '42', previous: null, index: 2, count: 4 };
const slice = targets.filter((t) => shardOf(t.key, 4) === 2).map((t) => t.key);

let rtdb: Managed | undefined;
let url: string;
let dataDir: string;
let app: App;
let db: Database;
let ns = 0;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'notify-shards-'));
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
beforeEach(() => {
  ns += 1;
  app = initializeApp({ projectId: 'demo-satta', databaseURL: `${url}?ns=shards-${process.pid}-${ns}` }, `shards-${ns}`);
  db = getDatabase(app);
});
afterEach(async () => deleteApp(app));

/** A runner whose sending records every key it sent to; `fail` makes the next send throw. */
function runner(options: { fail?: number; slowMs?: number } = {}) {
  const sent: string[] = [];
  let failures = options.fail ?? 0;
  const logs: string[] = [];
  const run = createShardRunner({
    ledger: sentLedger(db),
    followers: async () => targets,
    send: async (list) => {
      const mine = await list(1_000);
      if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
      if (failures > 0) {
        failures -= 1;
        throw new Error('database unavailable');
      }
      sent.push(...mine.map((t) => t.key));
      const result: FanOutResult = { total: mine.length, sent: mine.length, gone: 0, failed: 0, skipped: 0, unfinished: 0, ms: 1 };
      return result;
    },
    icon: '/icon.png',
    deadlineMs: 50_000,
    leaseMs: 80_000,
    log: (line) => logs.push(line),
  });
  return { run, sent, logs };
}

describe('a shard of an announcement', () => {
  it('sends its slice once: delivered twice, one after the other, the second sends nothing', async () => {
    const { run, sent, logs } = runner();
    expect(slice.length).toBeGreaterThan(0);
    expect(await run(SHARD)).toMatchObject({ status: 200, body: { status: 'sent', sent: slice.length } });
    expect(await run(SHARD)).toEqual({ status: 200, body: { status: 'duplicate' } });
    expect(sent.sort()).toEqual([...slice].sort());
    expect(logs).toEqual([
      `notify: Gali 42 (2026-11-28) shard 3/4: sent ${slice.length} of ${slice.length} in 1 ms (gone 0, failed 0, skipped 0, unfinished 0)`,
    ]);
    // Another shard, and a correction's same shard, are other work.
    expect((await run({ ...SHARD, index: 0 })).body.status).toBe('sent');
    expect((await run({ ...SHARD, number: '43', previous: '42' })).body.status).toBe('sent');
  });

  it('of the same numbers announced again (42 -> 43, back to 42, then 43 again) is another announcement, and is sent', async () => {
    const { run, sent } = runner();
    const correction = { ...SHARD, number: '43', previous: '42', announcement: 'first' };
    expect((await run(correction)).body.status).toBe('sent');
    expect((await run(correction)).body.status).toBe('duplicate');
    expect((await run({ ...correction, announcement: 'again' })).body.status).toBe('sent');
    expect(sent).toHaveLength(slice.length * 2);
  });

  it('delivered twice at once, one delivery sends and the other is told to come back (409, Retry-After)', async () => {
    const { run, sent } = runner({ slowMs: 200 });
    const [a, b] = await Promise.all([run(SHARD), run(SHARD)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const busy = a.status === 409 ? a : b;
    expect(busy.body).toEqual({ status: 'busy' });
    expect(busy.retryAfterSec).toBeGreaterThan(70);
    expect(sent.sort()).toEqual([...slice].sort());
    expect(await run(SHARD)).toEqual({ status: 200, body: { status: 'duplicate' } });
  });

  it('failed, is given back: the next delivery (the queue retries) sends it', async () => {
    const { run, sent } = runner({ fail: 1 });
    await expect(run(SHARD)).rejects.toThrow('database unavailable');
    expect(sent).toEqual([]);
    expect((await run(SHARD)).body.status).toBe('sent');
    expect(sent.sort()).toEqual([...slice].sort());
  });

  it('claimed by a delivery that died, is sent again once its lease has run out', async () => {
    const ledger = sentLedger(db);
    const now = Date.now();
    expect(await ledger.claimShard(SHARD, 1_000, now - 5_000)).toEqual({ kind: 'claimed' });
    const { run, sent } = runner();
    expect((await run(SHARD)).body.status).toBe('sent');
    expect(sent).toHaveLength(slice.length);
  });
});
