/**
 * Ten years of daily results for 17 games (~62k leaves): the namespace loads in a few seconds, rule-checked
 * writes stay fast, and the home page's query transfers only the recent days.
 */
import { enableLogging, onValue, orderByKey, query, ref, set, startAt, type DataSnapshot } from 'firebase/database';
import { afterAll, describe, expect, it } from 'vitest';
import { startRtdb } from './index.ts';
import { deleteClients, freshNamespace, removeDir, sdkClient, tempDir, unsignedJwt, writeRules, type SdkClient } from './test-support.ts';

const GAMES = [
  'Bilaspur', 'Mathura', 'Gangotri', 'Delhi Bazar', 'Shri Ganesh', 'Ferozpur', 'Faridabad', 'Palika bazar', 'Gaziyabad',
  'Dwarka bazar', 'Gali', 'Disawar', 'Kalyan', 'Sadar Bazar', 'Agra', 'Alwar', 'Ajmer',
];

/** The shape of the production rules for results, so targaryen does the same work per write. */
const RULES = {
  rules: {
    sattanamee: {
      '.read': true,
      '.write': 'auth != null && auth.token.admin === true',
      $game: {
        '.validate': 'newData.hasChildren()',
        $date: {
          '.validate': "$date.matches(/^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/) && newData.hasChildren(['number'])",
          number: { '.validate': 'newData.isString() && newData.val().matches(/^[0-9]{2}$/)' },
        },
      },
    },
  },
};

function history(): Record<string, Record<string, { number: string }>> {
  const data: Record<string, Record<string, { number: string }>> = {};
  const start = Date.UTC(2017, 0, 1);
  const end = Date.UTC(2026, 11, 31);
  GAMES.forEach((game, g) => {
    const days: Record<string, { number: string }> = {};
    for (let t = start, i = 0; t <= end; t += 86_400_000, i++) {
      days[new Date(t).toISOString().slice(0, 10)] = { number: String((i * 7 + g * 13) % 100).padStart(2, '0') };
    }
    data[game] = days;
  });
  return data;
}

const dirs: string[] = [];
const clients: SdkClient[] = [];

afterAll(async () => {
  await deleteClients(clients);
  for (const d of dirs) removeDir(d);
});

describe('a namespace with ten years of results', () => {
  it('loads quickly, writes quickly, and a recent-days query transfers only those days', async () => {
    const dataDir = tempDir('scale');
    const rulesDir = tempDir('rules');
    dirs.push(dataDir, rulesDir);
    const rulesFile = writeRules(rulesDir, RULES);
    const ns = freshNamespace();
    const data = history();
    const leaves = Object.values(data).reduce((n, days) => n + Object.keys(days).length, 0);
    expect(leaves).toBeGreaterThan(62_000);

    const first = await startRtdb({ port: 0, dataDir, rulesFile });
    const put = await fetch(`${first.url}/sattanamee.json?ns=${ns}&auth=owner&print=silent`, { method: 'PUT', body: JSON.stringify(data) });
    expect(put.status).toBe(204);
    await first.close();

    const loadStart = performance.now();
    const server = await startRtdb({ port: 0, dataDir, rulesFile });
    const loadMs = performance.now() - loadStart;
    try {
      // Typically well under a second; the bound leaves room for a busy machine.
      expect(loadMs).toBeLessThan(5000);

      const admin = sdkClient(server.port, ns, unsignedJwt({ sub: 'admin', admin: true }));
      clients.push(admin);
      const writes = 50;
      const writeStart = performance.now();
      for (let i = 0; i < writes; i++) await set(ref(admin.db, `sattanamee/Gali/2026-12-${String((i % 28) + 1).padStart(2, '0')}`), { number: String(i % 100).padStart(2, '0') });
      const writeMs = (performance.now() - writeStart) / writes;
      expect(writeMs).toBeLessThan(50);

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
      const bytes = JSON.stringify(sent[0]).length;
      console.log(`scale: ${leaves} leaves; load ${loadMs.toFixed(0)} ms; rule-checked write ${writeMs.toFixed(1)} ms; recent-days query ${bytes} bytes`);
    } finally {
      await server.close();
    }
  });
});
