/**
 * firebase-admin in emulator mode (FIREBASE_DATABASE_EMULATOR_HOST): it presents the "owner" credential
 * and reads and writes everything, whatever the rules say.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, PROJECT_ID, removeDir, startTestServer, tempDir, writeRules } from './test-support.ts';
import type { RtdbServer } from './server.ts';

let server: RtdbServer;
let stop: () => Promise<void>;
let rulesDir: string;
let app: App;
let db: Database;
let ns: string;

beforeAll(async () => {
  rulesDir = tempDir('rules');
  ({ server, stop } = await startTestServer({ rulesFile: writeRules(rulesDir, { rules: { '.read': false, '.write': false } }) }));
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  ns = freshNamespace();
  app = initializeApp({ projectId: PROJECT_ID, databaseURL: `https://${ns}.firebaseio.com` }, 'rtdb-admin-test');
  db = getDatabase(app);
});

afterAll(async () => {
  await deleteApp(app);
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await stop();
  removeDir(rulesDir);
});

describe('firebase-admin', () => {
  it('writes and reads past rules that deny everyone', async () => {
    await db.ref('locked/config').set({ mode: 'on', at: { '.sv': 'timestamp' } });
    await db.ref('locked').update({ 'config/mode': 'off', extra: 1 });
    const snap = await db.ref('locked').get();
    expect(snap.val()).toMatchObject({ config: { mode: 'off' }, extra: 1 });
    const anonymous = await fetch(`${server.url}/locked.json?ns=${ns}`);
    expect(anonymous.status).toBe(401);
  });

  it('listens, pushes, transacts and queries', async () => {
    const seen: unknown[] = [];
    const listener = db.ref('feed').on('value', (s) => {
      seen.push(s.val());
    });
    const item = await db.ref('feed').push({ n: 1 });
    await db.ref('counter').transaction((v: number | null) => (v ?? 0) + 1);
    await db.ref('counter').transaction((v: number | null) => (v ?? 0) + 1);
    expect((await db.ref('counter').get()).val()).toBe(2);
    await db.ref('days').set({ '2026-10-30': 1, '2026-10-31': 2, '2026-11-01': 3 });
    const window = await db.ref('days').orderByKey().startAt('2026-10-31').get();
    expect(Object.keys(window.val() as object)).toEqual(['2026-10-31', '2026-11-01']);
    db.ref('feed').off('value', listener);
    expect(seen.at(-1)).toEqual({ [item.key as string]: { n: 1 } });
  });
});
