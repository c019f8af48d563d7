import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filter, firstValueFrom } from 'rxjs';
import { startRtdb } from '../server/rtdb/src/index.ts';
import { seedData, seedDatabase } from './seed.ts';
import { startByteProxy } from './byteProxy.ts';
import { DataService } from '../shared/data/service.ts';
import { memoryStore } from '../shared/data/cache.ts';
import { ROOT, PROJECT_ID } from './stack.ts';

/*
 * Bytes a visitor's home page downloads from the database, for 1 year and for 10 years of
 * history. The home page asks only for yesterday and this month, so the two must match.
 */
const dir = mkdtempSync(join(tmpdir(), 'satta-bench-data-'));
const db = await startRtdb({
  port: 0,
  host: '127.0.0.1',
  dataDir: dir,
  rulesFile: join(ROOT, 'database.rules.json'),
  projectId: PROJECT_ID,
});
const today = '2026-11-21';
try {
  const rows: string[] = [];
  const bytes: number[] = [];
  // The SDK numbers its queries per process (a tag in every data message): a first, unrecorded
  // pass uses up the one-digit tags so that both measured passes carry tags of the same width.
  for (const [pass, years] of [1, 1, 10].entries()) {
    const ns = `bench-${String(years).padStart(2, '0')}y`;
    const seeded = await seedDatabase({ db: db.url, ns }, seedData({ days: years * 365, today }));
    const proxy = await startByteProxy(db.port);
    const service = new DataService(
      {
        firebase: { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${proxy.port}?ns=${ns}`, apiKey: 'demo', appId: 'demo' },
        emulators: { database: { host: '127.0.0.1', port: proxy.port } },
      },
      { appName: `${ns}-${pass}`, store: memoryStore(), now: () => new Date(`${today}T12:00:00+05:30`) },
    );
    const started = performance.now();
    await firstValueFrom(service.homeGames$().pipe(filter((l) => !l.stale && (l.data?.length ?? 0) === seeded.games)));
    const ms = performance.now() - started;
    const received = proxy.bytesToClient();
    if (pass === 0) {
      await service.dispose();
      await proxy.close();
      continue;
    }
    bytes.push(received);
    await service.dispose();
    await proxy.close();
    rows.push(
      `  ${String(years).padStart(2)} year(s) of history, ${seeded.resultsAdded + seeded.resultsKept} results stored: home page data ${received} bytes from the database in ${ms.toFixed(0)} ms`,
    );
  }
  console.log('Home page data transfer (database -> visitor):');
  for (const row of rows) console.log(row);
  console.log(`  10 years / 1 year: ${((bytes[1] ?? 0) / (bytes[0] ?? 1)).toFixed(3)}x the bytes for 10x the history`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
