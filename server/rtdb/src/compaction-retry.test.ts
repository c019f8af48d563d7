/**
 * A compaction that cannot write its snapshot (as when clients had taken every descriptor and opening the
 * temporary file failed with EMFILE) once stopped the server. The log still holds every write, so the
 * server keeps serving and compacts on a later write. Here a directory in the temporary file's place
 * makes opening it fail the same way on any machine.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPut } from './bystander.ts';
import { freshNamespace, startTestServer, until } from './test-support.ts';

const cleanup: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

describe('compaction that cannot write its snapshot', () => {
  it('keeps serving, loses nothing, and compacts once the snapshot can be written', async () => {
    const fatal: Error[] = [];
    const started = await startTestServer({ compactBytes: 300, onFatal: (err) => void fatal.push(err) });
    cleanup.push(started.stop);
    const { url } = started.server;
    const ns = freshNamespace();
    await adminPut(url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const blocker = join(started.dataDir, ns, 'snapshot.json.tmp');
    mkdirSync(blocker);

    for (let i = 1; i <= 6; i++) await adminPut(url, ns, `sattanamee/Gali/note${i}`, 'x'.repeat(100));
    expect(fatal).toEqual([]);
    await adminPut(url, ns, 'sattanamee/Gali/time', '06:00 PM');
    expect(await (await fetch(`${url}/sattanamee/Gali/time.json?ns=${ns}`)).json()).toBe('06:00 PM');
    expect(existsSync(join(started.dataDir, ns, 'snapshot.json'))).toBe(false);

    rmdirSync(blocker);
    await new Promise((r) => setTimeout(r, 3200));
    await adminPut(url, ns, 'sattanamee/Gali/time', '07:00 PM');
    // The write is answered once it is in the log; the compaction follows it.
    const snapshot = join(started.dataDir, ns, 'snapshot.json');
    await until(() => existsSync(snapshot) && readFileSync(snapshot, 'utf8').includes('07:00 PM'), 5000, 'the snapshot');
    expect(fatal).toEqual([]);
  });
});
