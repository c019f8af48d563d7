import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { ServerValue, getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { digestOf } from '@satta/shared/domain/liveNode';
import { livePatch } from '@satta/shared/data/livePatch';
import { resultPatch } from '@satta/shared/data/resultPatch';
import { LiveData } from './liveData.ts';
import { LiveRepair, decideDigest, liveDaysPatch } from './liveRepair.ts';
import type { LiveNode } from '@satta/shared/domain/liveNode';
import { gameNamesOf, liveOf } from './snapshot.ts';
import { SPANS_KEY, type GameSpan } from '@satta/shared/domain/yearlyChart';
import { testSnapshot, waitFor } from './testSupport.ts';

/*
 * LiveRepair against the repository's local Realtime Database (server/rtdb) through firebase-admin,
 * as the render service runs it: LiveData's listeners make the snapshot, the repair writes back.
 * Each test has a database (namespace) of its own. The debounce is short, and every wait is for
 * a condition, never a fixed time.
 */
interface RtdbServer {
  port: number;
  close(): Promise<void>;
}
interface RtdbModule {
  startRtdb(options: { port: number; dataDir: string }): Promise<RtdbServer>;
}
// Loaded by a computed specifier so this project's typecheck does not pull in the server's
// sources (and their own ambient declarations); the contract is the interface above.
const SERVER_MODULE = new URL('../../rtdb/src/index.ts', import.meta.url).href;

const TODAY = '2025-11-26';
const YESTERDAY = '2025-11-25';
const TWO_DAYS_AGO = '2025-11-24';
/** Noon in India on TODAY. */
const NOW = new Date('2025-11-26T06:30:00Z');
const PUBLISHED = 1_764_100_000_000;

let server: RtdbServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'render-live-repair-'));
  const { startRtdb } = (await import(SERVER_MODULE)) as RtdbModule;
  server = await startRtdb({ port: 0, dataDir });
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${server.port}`;
});

afterAll(async () => {
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of its own: a new namespace on the local server. */
function freshNamespace(): string {
  return `t${randomBytes(6).toString('hex')}`;
}

/** A firebase-admin connection to namespace `ns` (each app has its own connection). */
function connect(ns: string): Database {
  const app: App = initializeApp(
    { projectId: 'demo-satta', databaseURL: `https://${ns}.firebaseio.com` },
    `repair-${randomBytes(4).toString('hex')}`,
  );
  cleanups.push(() => deleteApp(app));
  return getDatabase(app);
}

/** A render instance: its LiveData and LiveRepair on `db`, started, with the repair's log lines. */
async function renderInstance(db: Database, relistMs?: number) {
  const data = new LiveData({ db, timezone: 'Asia/Kolkata', now: () => NOW, ...(relistMs ? { relistMs } : {}) });
  const lines: string[] = [];
  const repair = new LiveRepair({ db, data, debounceMs: 20, log: (_severity, line) => lines.push(line) });
  await data.start();
  repair.start();
  cleanups.push(async () => {
    await repair.stop();
    data.stop();
  });
  return { data, repair, lines };
}

const seed = () => ({
  mian: { notice: 'Holiday on Sunday', email: 'help@example.com' },
  adinfo: { top: { name: 'Ad', time: '10:00 AM' } },
  sattanamee: {
    // An old result without times: Gali has none until its first publication of today.
    Gali: { time: '11:30 PM', place: 11, '2025-11-20': { number: '05' } },
    Disawar: { time: '05:00 AM', place: 12, [YESTERDAY]: { number: '83', publishedAt: PUBLISHED - 86_400_000 } },
  },
  live: { days: { [YESTERDAY]: { Disawar: { n: '83', p: PUBLISHED - 86_400_000 } } } },
});

const read = async (db: Database, path: string): Promise<unknown> => (await db.ref(path).get()).val();

/** Until every part's digest is recorded and the repairs have nothing left to do. */
async function settled(db: Database, ...repairs: LiveRepair[]): Promise<void> {
  await waitFor(async () => {
    const digests = (await read(db, 'liveDigests')) as Record<string, unknown> | null;
    return Object.keys(digests ?? {}).length === 7;
  }, 'the digests of the seven parts');
  await waitFor(() => repairs.every((repair) => repair.idle), 'the repairs to settle');
}

/** The live node in a LiveData's snapshot (undefined: none yet). */
const liveIn = (data: LiveData) => (data.snapshot ? liveOf(data.snapshot) : undefined);

describe('LiveRepair: live/days', () => {
  it('mirrors a result written to the specification’s path alone, its correction and its removal, and drops older days', async () => {
    const db = connect(freshNamespace());
    await db.ref().set({ ...seed(), live: { days: { ...seed().live.days, [TWO_DAYS_AGO]: { Gali: { n: '11' } } } } });
    const { data, repair, lines } = await renderInstance(db);
    const entry = (game: string) => liveIn(data)?.days[TODAY]?.[game];

    // The day before yesterday is removed at start.
    await waitFor(
      async () => (await read(db, 'live/days')) !== null && (await read(db, `live/days/${TWO_DAYS_AGO}`)) === null,
      'the old day to go',
    );
    expect(await read(db, 'live/days')).toEqual({ [YESTERDAY]: { Disawar: { n: '83', p: PUBLISHED - 86_400_000 } } });

    await db.ref(`sattanamee/Gali/${TODAY}`).set({ number: '42', publishedAt: PUBLISHED, updatedAt: PUBLISHED });
    await waitFor(() => entry('Gali') !== undefined, 'the new entry');
    expect(await read(db, `live/days/${TODAY}/Gali`)).toEqual({ n: '42', p: PUBLISHED });

    await db.ref(`sattanamee/Gali/${TODAY}`).set({ number: '42', publishedAt: PUBLISHED, updatedAt: PUBLISHED + 600_000, was: '97' });
    await waitFor(() => entry('Gali')?.w === '97', 'the corrected entry');
    expect(await read(db, `live/days/${TODAY}/Gali`)).toEqual({ n: '42', p: PUBLISHED, u: PUBLISHED + 600_000, w: '97' });

    await db.ref(`sattanamee/Gali/${TODAY}`).remove();
    await waitFor(() => liveIn(data)?.days[TODAY] === undefined, 'the entry to go');
    expect(await read(db, `live/days/${TODAY}`)).toBeNull();
    await waitFor(() => repair.idle, 'the repair to settle');

    expect(lines.filter((line) => line.includes('live/days'))).toEqual([
      `render: repaired live/days from the stored results: removed ${TWO_DAYS_AGO}`,
      `render: repaired live/days from the stored results: set Gali ${TODAY}`,
      `render: repaired live/days from the stored results: set Gali ${TODAY}`,
      `render: repaired live/days from the stored results: removed Gali ${TODAY}`,
    ]);
    // The first start stamps each of the seven parts once (no digest was recorded before); the
    // results of today and yesterday are the node's own days, never a stamp.
    expect(repair.stamps).toBe(7);
  });

  it('writes nothing after an admin write, which carries its live paths in the same update', async () => {
    const db = connect(freshNamespace());
    await db.ref().set(seed());
    const { data, repair, lines } = await renderInstance(db);
    await settled(db, repair);
    lines.length = 0;
    const stampsAtStart = repair.stamps;
    const checks = () => repair.checks;
    /** As the dashboard and the scheduled publisher write: the patch and its live paths in one update. */
    const adminWrite = async (patch: Record<string, unknown>) => {
      const before = checks();
      await db.ref().update({ ...patch, ...livePatch(patch, TODAY, ServerValue.TIMESTAMP) });
      await waitFor(() => checks() > before && repair.idle, 'a check of the write');
    };
    const write = (game: string, dateKey: string, before: unknown, value: string) =>
      resultPatch({
        game,
        dateKey,
        before,
        value,
        silent: false,
        serverTime: ServerValue.TIMESTAMP,
        newCorrectionKey: () => db.ref('corrections').push().key ?? 'c',
      }) ?? {};

    // A first publication of today, a correction of it, and its undo.
    await adminWrite(write('Gali', TODAY, null, '42'));
    await adminWrite(write('Gali', TODAY, await read(db, `sattanamee/Gali/${TODAY}`), '97'));
    const corrected = (await read(db, `sattanamee/Gali/${TODAY}`)) as Record<string, unknown>;
    const [correction] = Object.keys((await read(db, 'corrections')) as Record<string, unknown>);
    await adminWrite({
      [`sattanamee/Gali/${TODAY}/number`]: corrected['was'],
      [`sattanamee/Gali/${TODAY}/was`]: null,
      [`sattanamee/Gali/${TODAY}/updatedAt`]: ServerValue.TIMESTAMP,
      [`corrections/${correction}`]: null,
    });
    // A correction of yesterday and a new time for a game.
    await adminWrite(write('Disawar', YESTERDAY, await read(db, `sattanamee/Disawar/${YESTERDAY}`), '38'));
    await adminWrite({ 'sattanamee/Disawar/time': '05:15 AM' });

    expect(liveIn(data)?.days[TODAY]?.['Gali']?.n).toBe('42');
    expect(liveIn(data)?.days[YESTERDAY]?.['Disawar']).toMatchObject({ n: '38', w: '83' });
    expect(repair.dayRepairs).toBe(0);
    expect(repair.stamps).toBe(stampsAtStart);
    expect(lines).toEqual([]);
  });
});

describe('LiveRepair: version stamps', () => {
  it('stamps a part changed by hand, once, and not a part whose writer stamped it', async () => {
    const db = connect(freshNamespace());
    await db.ref().set(seed());
    const { data, repair, lines } = await renderInstance(db);
    await settled(db, repair);
    // The first start records the digests and stamps every part once: a page rendered before the
    // first check may hold older data, and no record says otherwise.
    expect(Object.keys((await read(db, 'live/v')) as object).sort()).toEqual([
      'adinfo',
      'corrections',
      'games',
      'holidays',
      'khaiwals',
      'mian',
      'notices',
    ]);
    const digest = await read(db, 'liveDigests/mian/d');
    expect(digest).toBe(digestOf({ notice: 'Holiday on Sunday', email: 'help@example.com' }));
    await waitFor(() => repair.stamps === 7 && repair.idle, 'the stamps of the first start');
    const firstStamp = (await read(db, 'live/v/mian')) as number;
    lines.length = 0;
    repair.stamps = 0;

    // A hand edit in the console: mian alone. (The stamp is waited for as written by the server:
    // this connection is the repair's own, and shows its estimate of the server's time first.)
    const started = Date.now();
    await db.ref('mian/notice').set('Closed on Monday');
    await waitFor(() => repair.stamps === 1, 'the stamp of mian', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    await waitFor(() => repair.idle, 'the repair to settle');
    const stamp = (await read(db, 'live/v/mian')) as number;
    expect(stamp).toBeGreaterThan(firstStamp);
    expect(liveIn(data)?.v.mian).toBe(stamp);
    expect(await read(db, 'liveDigests/mian')).toEqual({
      d: digestOf({ notice: 'Closed on Monday', email: 'help@example.com' }),
      v: stamp,
      t: TODAY,
    });
    expect(lines).toEqual(['render: stamped live/v/mian: mian changed without a version stamp']);
    expect(repair.stamps).toBe(1);

    // A writer that stamps mian itself, in the same update.
    await db.ref().update({ 'mian/notice': 'Open again', 'live/v/mian': ServerValue.TIMESTAMP });
    const recorded = digestOf({ notice: 'Open again', email: 'help@example.com' });
    await waitFor(async () => (await read(db, 'liveDigests/mian/d')) === recorded && repair.idle, 'the new digest');
    // The writer's stamp stands, and the record holds it.
    const written = (await read(db, 'live/v/mian')) as number;
    expect(written).toBeGreaterThan(stamp);
    expect(await read(db, 'liveDigests/mian')).toEqual({ d: recorded, v: written, t: TODAY });
    expect(repair.stamps).toBe(1);
    expect(lines).toHaveLength(1);

    // The next hand edit is measured against that stamp: stamped again.
    await db.ref('mian/email').set('new@example.com');
    await waitFor(() => repair.stamps === 2 && repair.idle, 'a second stamp of mian', 1_000);
    const again = (await read(db, 'live/v/mian')) as number;
    expect(again).toBeGreaterThan(written);
    expect(await read(db, 'liveDigests/mian')).toEqual({
      d: digestOf({ notice: 'Open again', email: 'new@example.com' }),
      v: again,
      t: TODAY,
    });
    expect(repair.stamps).toBe(2);
    expect(lines).toHaveLength(2);
  });

  it('an import of finished years stamps nothing, and a game it brings is stamped once, by the repair', async () => {
    const db = connect(freshNamespace());
    await db.ref().set(seed());
    const { data, repair, lines } = await renderInstance(db, 200);
    await settled(db, repair);
    await waitFor(() => repair.stamps === 7 && repair.idle, 'the stamps of the first start');
    const games = (await read(db, 'live/v/games')) as number;
    repair.stamps = 0;
    lines.length = 0;
    // The dashboard's import: results of 2010 for a game the site has, through the live patch.
    const old = (game: string, date: string, number: string) => ({
      [`sattanamee/${game}/${date}`]: { number, updatedAt: ServerValue.TIMESTAMP, silent: true },
    });
    const write = async (patch: Record<string, unknown>) =>
      db.ref().update({ ...patch, ...livePatch(patch, TODAY, ServerValue.TIMESTAMP) });
    await write({ ...old('Gali', '2010-03-01', '17'), ...old('Gali', '2010-03-02', '18') });
    expect(await read(db, 'sattanamee/Gali/2010-03-02/number')).toBe('18');
    // The render service has seen it (Gali's first date moved) and stamps nothing for it.
    const firstOfGali = () => (data.snapshot?.entries[SPANS_KEY] as Record<string, GameSpan> | undefined)?.['Gali']?.first;
    await waitFor(() => firstOfGali() === '2010-03-01' && repair.idle, "Gali's new first date");
    expect(repair.stamps).toBe(0);
    expect(await read(db, 'live/v/games')).toBe(games);
    // A game only the import names: the list changes, and the pages must learn of it.
    await write(old('Agra', '2010-03-01', '64'));
    await waitFor(() => (data.snapshot ? gameNamesOf(data.snapshot).includes('Agra') : false), 'the new game in the list');
    await waitFor(() => repair.stamps === 1 && repair.idle, 'the stamp of the new game');
    expect(lines).toEqual(['render: stamped live/v/games: games changed without a version stamp']);
    expect((await read(db, 'live/v/games')) as number).toBeGreaterThan(games);
  });

  it('two render instances stamp one hand edit once', async () => {
    const ns = freshNamespace();
    const writer = connect(ns);
    await writer.ref().set(seed());
    const first = await renderInstance(connect(ns));
    const second = await renderInstance(connect(ns));
    await settled(writer, first.repair, second.repair);
    // The first start stamped each part once, whichever instance won each part's transaction.
    await waitFor(() => first.repair.stamps + second.repair.stamps === 7, 'the stamps of the first start');
    expect(Object.keys((await read(writer, 'live/v')) as object)).toHaveLength(7);
    first.lines.length = 0;
    second.lines.length = 0;
    first.repair.stamps = 0;
    second.repair.stamps = 0;
    const mianStamp = await read(writer, 'live/v/mian');
    const adinfoStamp = await read(writer, 'live/v/adinfo');
    const stamps: unknown[] = [];
    const onStamp = writer.ref('live/v/mian').on('value', (s) => void stamps.push(s.val()));
    cleanups.push(async () => writer.ref('live/v/mian').off('value', onStamp));
    await waitFor(() => stamps.length === 1, 'the stamp listener');

    await writer.ref('adinfo/top/name').set('Another ad');
    const recorded = digestOf({ top: { name: 'Another ad', time: '10:00 AM' } });
    await waitFor(async () => (await read(writer, 'live/v/adinfo')) !== adinfoStamp, 'the stamp of adinfo');
    await waitFor(async () => (await read(writer, 'liveDigests/adinfo/d')) === recorded, 'the new digest');
    const stamp = await read(writer, 'live/v/adinfo');
    await waitFor(
      () => [first, second].every(({ data, repair }) => liveIn(data)?.v.adinfo === stamp && repair.idle),
      'both instances to see the stamp and settle',
    );
    expect(first.repair.stamps + second.repair.stamps).toBe(1);
    expect(await read(writer, 'live/v/adinfo')).toBe(stamp);
    expect(await read(writer, 'liveDigests/adinfo/v')).toBe(stamp);
    expect([...first.lines, ...second.lines]).toEqual(['render: stamped live/v/adinfo: adinfo changed without a version stamp']);
    // mian was not touched: never stamped again.
    expect(stamps).toEqual([mianStamp]);
  });
});

describe('decideDigest', () => {
  const now = { d: 'new', v: 5, t: TODAY };
  it.each([
    ['no record yet: stamp once, pages rendered before the first check may be behind', null, now, 'mian', 'stamp'],
    ['the same data and stamp', { d: 'new', v: 5, t: TODAY }, now, 'mian', 'same'],
    ['the same data under a newer stamp: keep up with it', { d: 'new', v: 4, t: TODAY }, now, 'mian', 'advance'],
    ['new data under the recorded stamp: a hand edit', { d: 'old', v: 5, t: TODAY }, now, 'mian', 'stamp'],
    ['new data with a new stamp: its writer stamped it', { d: 'old', v: 4, t: TODAY }, now, 'mian', 'record'],
    ['new data, no stamp at all: a hand edit', { d: 'old', t: TODAY }, { d: 'new', v: undefined, t: TODAY }, 'mian', 'stamp'],
    ['the stamps removed by hand: stamp again', { d: 'old', v: 5, t: TODAY }, { d: 'new', v: undefined, t: TODAY }, 'mian', 'stamp'],
    ['a record newer than this instance has seen', { d: 'old', v: 6, t: TODAY }, now, 'mian', 'behind'],
    ['the games on a new day: the window moved', { d: 'old', v: 5, t: YESTERDAY }, now, 'games', 'record'],
    ['the games on a new day, unchanged: the day is recorded', { d: 'new', v: 5, t: YESTERDAY }, now, 'games', 'advance'],
    ['mian does not depend on the day', { d: 'old', v: 5, t: YESTERDAY }, now, 'mian', 'stamp'],
  ] as const)('%s', (_name, stored, state, part, decision) => {
    expect(decideDigest(stored, state, part)).toBe(decision);
  });
});

describe('liveDaysPatch', () => {
  const snapshot = (live: LiveNode) =>
    testSnapshot({
      at: 0,
      todayKey: TODAY,
      gameNames: ['Gali', 'Disawar'],
      games: [
        {
          name: 'Gali',
          time: null,
          place: null,
          results: { [TODAY]: '42' },
          meta: { [TODAY]: { publishedAt: PUBLISHED, updatedAt: PUBLISHED } },
        },
        { name: 'Disawar', time: null, place: null, results: {} },
      ],
      khaiwals: [],
      mainInfo: {},
      adInfo: {},
      live,
    });

  it('takes an undo’s `u` equal to `p` for no correction', () => {
    expect(liveDaysPatch(snapshot({ days: { [TODAY]: { Gali: { n: '42', p: PUBLISHED, u: PUBLISHED } } }, v: {} }))).toEqual({});
  });

  it('leaves entries it cannot judge: a game it does not know yet, a day after its today', () => {
    const live = {
      days: {
        [TODAY]: { Gali: { n: '42', p: PUBLISHED }, 'New Game': { n: '07' }, Disawar: { n: '31' } },
        '2025-11-27': { Gali: { n: '55' } },
      },
      v: {},
    };
    expect(liveDaysPatch(snapshot(live))).toEqual({ [`live/days/${TODAY}/Disawar`]: null });
  });
});
