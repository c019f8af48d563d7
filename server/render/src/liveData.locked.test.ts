import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameData } from '@satta/shared/domain/results';
import { LiveData } from './liveData.ts';
import { restReads } from './listGames.ts';

/*
 * The render service becomes ready on a database whose rules refuse the public everything (a
 * database created in locked mode): its listeners are firebase-admin's and its game list (the
 * table's shallow read, by REST) is read with the service's own credential, which the rules do not
 * bind. Against the repository's local Realtime Database (server/rtdb) with locked rules, where
 * 'owner' stands for the service account's access token. Without a credential the list is refused,
 * and the service is not ready.
 */
interface RtdbServer {
  port: number;
  close(): Promise<void>;
}
interface RtdbModule {
  startRtdb(options: { port: number; dataDir: string; rules: unknown }): Promise<RtdbServer>;
}
// Loaded by a computed specifier so this project's typecheck does not pull in the server's
// sources (and their own ambient declarations); the contract is the interface above.
const SERVER_MODULE = new URL('../../rtdb/src/index.ts', import.meta.url).href;

const NOW = new Date('2026-11-20T06:30:00Z');
const NS = `t${randomBytes(6).toString('hex')}`;

let server: RtdbServer;
let dataDir: string;
let app: App;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'render-locked-'));
  const { startRtdb } = (await import(SERVER_MODULE)) as RtdbModule;
  server = await startRtdb({ port: 0, dataDir, rules: { rules: { '.read': false, '.write': false } } });
  base = `http://127.0.0.1:${server.port}`;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
  const seeded = await fetch(`${base}/.json?ns=${NS}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({
      sattanamee: { Gali: { time: '11:30 PM', place: 11, '2026-11-19': { number: '47' } }, Disawar: { time: '02:00 AM', place: 12 } },
      mian: { email: 'help@example.com' },
    }),
  });
  expect(seeded.status).toBe(200);
  // The public is refused: what a visitor's REST read of the games gets.
  expect((await fetch(`${base}/sattanamee.json?ns=${NS}&shallow=true`)).status).toBe(401);
  app = initializeApp({ projectId: 'demo-satta', databaseURL: `https://${NS}.firebaseio.com` }, `locked-${NS}`);
});

afterAll(async () => {
  await deleteApp(app);
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the render service on a database with locked rules', () => {
  it('is ready with the game list and the games, read with its own credential', async () => {
    const live = new LiveData({
      db: getDatabase(app),
      timezone: 'Asia/Kolkata',
      restRead: restReads({ base, namespace: NS, accessToken: async () => 'owner' }),
      now: () => NOW,
    });
    await live.start();
    await vi.waitFor(() => expect(live.snapshot).not.toBeNull());
    expect(live.snapshot?.entries['gameNames']).toEqual(['Disawar', 'Gali']);
    expect((live.snapshot?.entries['games:2026-11-01'] as GameData[]).map((game) => [game.name, game.time, game.results])).toEqual([
      ['Disawar', '02:00 AM', {}],
      ['Gali', '11:30 PM', { '2026-11-19': '47' }],
    ]);
    live.stop();
  });

  it('is not ready without a credential: the list is refused, and the log says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const live = new LiveData({
      db: getDatabase(app),
      timezone: 'Asia/Kolkata',
      restRead: restReads({ base, namespace: NS }),
      now: () => NOW,
    });
    await live.start();
    expect(live.snapshot).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^render: could not list the games: the database refused the service's account \(HTTP 401/),
    );
    live.stop();
    warn.mockRestore();
  });
});
