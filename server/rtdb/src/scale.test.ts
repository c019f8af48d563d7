/**
 * Ten years of daily results for 17 games (~62k leaves): the namespace loads again after a restart,
 * rule-checked writes land, and the home page's query transfers only the recent days. How fast is a
 * bench figure, not a pass/fail limit: `npx tsx scripts/bench-rtdb-scale.ts`.
 */
import { enableLogging, onValue, orderByKey, query, ref, set, startAt, type DataSnapshot } from 'firebase/database';
import { afterAll, describe, expect, it } from 'vitest';
import { startRtdb } from './index.ts';
import { leafCount, SCALE_RULES, scaleWrite, tenYearsOfResults } from './scale-fixture.ts';
import { deleteClients, freshNamespace, removeDir, sdkClient, tempDir, unsignedJwt, writeRules, type SdkClient } from './test-support.ts';

const dirs: string[] = [];
const clients: SdkClient[] = [];

afterAll(async () => {
  await deleteClients(clients);
  for (const d of dirs) removeDir(d);
});

describe('a namespace with ten years of results', () => {
  it('loads after a restart, takes rule-checked writes, and a recent-days query transfers only those days', async () => {
    const dataDir = tempDir('scale');
    const rulesDir = tempDir('rules');
    dirs.push(dataDir, rulesDir);
    const rulesFile = writeRules(rulesDir, SCALE_RULES);
    const ns = freshNamespace();
    const data = tenYearsOfResults();
    expect(leafCount(data)).toBeGreaterThan(62_000);

    const first = await startRtdb({ port: 0, dataDir, rulesFile });
    const put = await fetch(`${first.url}/sattanamee.json?ns=${ns}&auth=owner&print=silent`, { method: 'PUT', body: JSON.stringify(data) });
    expect(put.status).toBe(204);
    await first.close();

    const server = await startRtdb({ port: 0, dataDir, rulesFile });
    try {
      const reloaded = await fetch(`${server.url}/sattanamee/Gali.json?ns=${ns}&shallow=true`);
      expect(Object.keys((await reloaded.json()) as object)).toHaveLength(Object.keys(data.Gali ?? {}).length);

      const admin = sdkClient(server.port, ns, unsignedJwt({ sub: 'admin', admin: true }));
      clients.push(admin);
      const writes = 50;
      for (let i = 0; i < writes; i++) {
        const { path, value } = scaleWrite(i);
        await set(ref(admin.db, path), value);
      }

      const received: Array<{ p: string; d: unknown; t?: number }> = [];
      enableLogging((line: string) => {
        const m = /handleServerMessage d (.*)$/.exec(line.trim());
        if (m) received.push(JSON.parse(m[1] as string) as { p: string; d: unknown; t?: number });
      });
      const visitor = sdkClient(server.port, ns);
      clients.push(visitor);
      const snap = await new Promise<DataSnapshot>((resolve) => {
        const off = onValue(query(ref(visitor.db, 'sattanamee/Gali'), orderByKey(), startAt('2026-10-31')), (s) => {
          off();
          resolve(s);
        });
      });
      enableLogging(false);
      const sent = received.filter((r) => r.p === 'sattanamee/Gali');
      expect(sent).toHaveLength(1);
      const keys = Object.keys(sent[0]?.d as object);
      expect(keys).toHaveLength(62);
      expect(keys.every((k) => k >= '2026-10-31')).toBe(true);
      expect(snap.size).toBe(62);
      // The last of the writes to each December day is what the visitor sees.
      expect(snap.child('2026-12-01').val()).toEqual(scaleWrite(28).value);
      expect(snap.child('2026-12-28').val()).toEqual(scaleWrite(27).value);
      expect(snap.child('2026-10-31').val()).toEqual(data.Gali?.['2026-10-31']);
    } finally {
      await server.close();
    }
  });
});
