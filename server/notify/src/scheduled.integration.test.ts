import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, get, getDatabase, onValue, ref, type Database } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, PROJECT_ID, startStack, type Stack } from '../../../scripts/stack.ts';
import { sharedAuthEmulator } from '../../../scripts/sharedAuthEmulator.ts';
import { addDays, siteNow } from '@satta/shared/domain/siteTime';
import { weekdayOf } from '@satta/shared/domain/holidays';
import type { NotificationPayload } from './payload.ts';
import { subscriptionKey } from './subscription.ts';
import { rest, signIn } from './testing/localServices.ts';
import { startNotifyProcess, type NotifyProcess } from './testing/notifyProcess.ts';
import { startPushEndpoint, type PushEndpoint, type ReceivedPush } from './testing/pushEndpoint.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';

/*
 * Scheduled publishing against the real local backend and a fake push service, in a namespace of
 * this file's own and with no notify service in the stack (as undoWindow.integration.test.ts), so
 * the notify processes started here are the only services that see these entries. The admin writes through REST with the rules
 * applied; a visitor reads with the Firebase JS SDK, anonymous, as a browser would.
 */
const NS = `scheduled-${process.pid}`;
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const SUBSCRIBERS = ['/phone-a', '/phone-b'];
const STAMP = { '.sv': 'timestamp' };
const DENIED = /permission[_ ]denied/i;

let stack: Stack;
let push: PushEndpoint;
let notify: NotifyProcess;
let dataDir: string;
let adminToken: string;
let visitorApp: FirebaseApp;
let visitor: Database;
const keys = generateSubscriberKeys();

function startNotify(): Promise<NotifyProcess> {
  return startNotifyProcess({ auth: stack.urls.auth, database: stack.urls.database, dataDir, env: { NOTIFY_DATABASE_NAMESPACE: NS } });
}

/** The database's REST API in this file's namespace: as the admin (rules apply) or as the owner. */
const db = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, asAdmin = false): Promise<unknown> =>
  rest(stack.urls.database, method, path, body, asAdmin ? adminToken : undefined, NS);

/** Schedules today's number of `game` as the dashboard does; resolves the time it is due. */
async function schedule(game: string, number: string, inMs: number): Promise<number> {
  const at = Date.now() + inMs;
  await db('PUT', `scheduled/${game}/${TODAY}`, { number, at, createdAt: STAMP }, true);
  return at;
}

/** The result pushes each subscriber received for `game`, decrypted. */
function pushesOf(game: string): Record<string, string[]> {
  const of = (path: string) =>
    push
      .for(path)
      .map((request: ReceivedPush) => JSON.parse(decryptWebPush(request.body, keys)) as NotificationPayload)
      .filter((payload) => payload.kind === 'result' && payload.game === game)
      .map((payload) => payload.number ?? '');
  return Object.fromEntries(SUBSCRIBERS.map((path) => [path, of(path)]));
}

/** What a visitor's page sees of today's result of `game`, from the first answer on, with times. */
function watchAsVisitor(game: string): { seen: { number: string | null; at: number }[]; stop(): void } {
  const seen: { number: string | null; at: number }[] = [];
  const stop = onValue(ref(visitor, `sattanamee/${game}/${TODAY}/number`), (snapshot) => {
    const value: unknown = snapshot.val();
    seen.push({ number: typeof value === 'string' ? value : null, at: Date.now() });
  });
  return { seen, stop };
}

/** Resolves when the output of any of `processes` matches `pattern`. */
function anyOutput(processes: NotifyProcess[], pattern: RegExp, timeoutMs?: number): Promise<void> {
  return Promise.any(processes.map((p) => p.waitForOutput(pattern, timeoutMs)));
}

const label = (game: string, number: string) => `${game} ${number} \\(${TODAY}\\)`;
const published = (game: string, number: string) => new RegExp(`notify: scheduled ${label(game, number)} published`);
const announced = (game: string, number: string) => new RegExp(`notify: ${label(game, number)} sent 2 of 2`);
/** The log line of an entry refused for a day without a draw; `mark` says which mark. */
const refused = (game: string, number: string, mark: string) =>
  new RegExp(`notify: scheduled ${label(game, number)} refused \\(no draw ${mark}\\): ${game} has no draw on`);
/** A date key as the refusal words it: '26-11-2026'. */
const display = (dateKey: string) => dateKey.split('-').reverse().join('-');
const WEEKDAY_NAMES = { sun: 'Sunday', mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday' };
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

beforeAll(async () => {
  stack = await startStack({ hosting: false, notify: false, auth: sharedAuthEmulator() });
  dataDir = mkdtempSync(join(tmpdir(), 'notify-scheduled-test-'));
  push = await startPushEndpoint();
  adminToken = await signIn(stack.urls.auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const games = ['Gali', 'Disawar', 'Faridabad', 'Ghaziabad', 'Delhi Bazar', 'Mathura', 'Bilaspur', 'Gangotri'];
  await db('PUT', 'sattanamee', Object.fromEntries(games.map((name, i) => [name, { time: '11:30 PM', place: i + 1 }])));
  const subscriptions = SUBSCRIBERS.map((path) => ({
    endpoint: push.endpoint(path),
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    createdAt: 1,
  }));
  await db('PUT', 'webPushSubscriptions', Object.fromEntries(subscriptions.map((s) => [subscriptionKey(s.endpoint), s])));
  // No undo window: the push follows the publish at once, which keeps these tests short.
  await db('PUT', 'notifyState/undoWindowSec', 0);

  const database = new URL(stack.urls.database);
  visitorApp = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key', databaseURL: `https://${NS}.firebaseio.com` }, `visitor-${NS}`);
  visitor = getDatabase(visitorApp);
  connectDatabaseEmulator(visitor, database.hostname, Number(database.port));

  notify = await startNotify();
  await notify.waitForOutput(/watching scheduled numbers \(0 scheduled\)/);
  await notify.waitForOutput(/watching today's results \(\d{4}-\d\d-\d\d\) of 8 games/);
}, 180_000);

afterAll(async () => {
  if (visitorApp) await deleteApp(visitorApp);
  await notify?.stop();
  await push?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a number scheduled ahead of time', () => {
  it('is invisible to a visitor before its time, then published exactly once at it and pushed once', async () => {
    const page = watchAsVisitor('Gali');
    const at = await schedule('Gali', '42', 1500);

    // The visitor can read neither the entry nor the whole list, and sees no result yet.
    await expect(get(ref(visitor, `scheduled/Gali/${TODAY}`))).rejects.toThrow(DENIED);
    await expect(get(ref(visitor, 'scheduled'))).rejects.toThrow(DENIED);
    expect((await get(ref(visitor, `sattanamee/Gali/${TODAY}`))).val()).toBeNull();

    await notify.waitForOutput(published('Gali', '42'), 20_000);
    await notify.waitForOutput(announced('Gali', '42'), 20_000);
    const result = (await db('GET', `sattanamee/Gali/${TODAY}`)) as Record<string, unknown>;
    expect(result).toEqual({ number: '42', publishedAt: expect.any(Number), updatedAt: expect.any(Number) });
    expect(result['publishedAt']).toBeGreaterThanOrEqual(at);
    expect(await db('GET', `scheduled/Gali/${TODAY}`)).toBeNull();
    // The live read model got the result in the same update (shared/data/livePatch.ts), readable by the visitor.
    expect(await db('GET', `live/days/${TODAY}/Gali`)).toEqual({ n: '42', p: result['publishedAt'] });
    expect((await get(ref(visitor, `live/days/${TODAY}/Gali`))).val()).toEqual({ n: '42', p: result['publishedAt'] });
    expect(pushesOf('Gali')).toEqual({ '/phone-a': ['42'], '/phone-b': ['42'] });
    expect(count(notify.output(), published('Gali', '42'))).toBe(1);

    // The visitor's page went from nothing to 42, and not before its time.
    await expect.poll(() => page.seen.at(-1)?.number).toBe('42');
    page.stop();
    expect(page.seen.map((s) => s.number)).toEqual([null, '42']);
    expect(page.seen[1]?.at).toBeGreaterThanOrEqual(at);

    // The audit trail says who published it.
    const audit = Object.values((await db('GET', 'audit')) as Record<string, Record<string, unknown>>);
    expect(audit.filter((e) => e['path'] === `sattanamee/Gali/${TODAY}`)).toEqual([
      { uid: 'notify-service', at: expect.any(Number), path: `sattanamee/Gali/${TODAY}`, new: '"42"' },
    ]);
  }, 60_000);

  it('changed before its time: the new number is published at the new time, the first never', async () => {
    await schedule('Faridabad', '30', 60_000);
    await notify.waitForOutput(new RegExp(`notify: scheduled ${label('Faridabad', '30')} waits`));
    await schedule('Faridabad', '31', 1500);
    await notify.waitForOutput(published('Faridabad', '31'), 20_000);
    await notify.waitForOutput(announced('Faridabad', '31'), 20_000);
    expect(await db('GET', `sattanamee/Faridabad/${TODAY}/number`)).toBe('31');
    expect(pushesOf('Faridabad')).toEqual({ '/phone-a': ['31'], '/phone-b': ['31'] });
    expect(notify.output()).not.toMatch(published('Faridabad', '30'));
  }, 60_000);

  it('cancelled before its time: nothing is published', async () => {
    await schedule('Delhi Bazar', '55', 60_000);
    await notify.waitForOutput(new RegExp(`notify: scheduled ${label('Delhi Bazar', '55')} waits`));
    await db('DELETE', `scheduled/Delhi Bazar/${TODAY}`, undefined, true);
    await notify.waitForOutput(new RegExp(`notify: scheduled Delhi Bazar \\(${TODAY}\\) is no longer scheduled`));
    expect(await db('GET', `sattanamee/Delhi Bazar/${TODAY}`)).toBeNull();
  }, 30_000);

  it('due while the service was stopped: published once when it starts; one overdue by a day is left alone', async () => {
    await notify.stop();
    const at = await schedule('Disawar', '17', 1500);
    const dayAgo = Date.now() - 25 * 60 * 60 * 1000;
    await db('PUT', `scheduled/Ghaziabad/${TODAY}`, { number: '09', at: dayAgo, createdAt: STAMP }, true);
    // Past its time with no service running: still private, still unpublished.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + 200 - Date.now())));
    await expect(get(ref(visitor, `scheduled/Disawar/${TODAY}`))).rejects.toThrow(DENIED);
    expect((await get(ref(visitor, `sattanamee/Disawar/${TODAY}`))).val()).toBeNull();

    notify = await startNotify();
    await notify.waitForOutput(published('Disawar', '17'), 20_000);
    await notify.waitForOutput(announced('Disawar', '17'), 20_000);
    expect(await db('GET', `sattanamee/Disawar/${TODAY}/number`)).toBe('17');
    expect(await db('GET', `scheduled/Disawar/${TODAY}`)).toBeNull();
    expect(pushesOf('Disawar')).toEqual({ '/phone-a': ['17'], '/phone-b': ['17'] });

    await notify.waitForOutput(
      new RegExp(`notify: scheduled ${label('Ghaziabad', '09')} was due more than 24 h ago: not published, left for the admin`),
    );
    expect(await db('GET', `scheduled/Ghaziabad/${TODAY}`)).toEqual({ number: '09', at: dayAgo, createdAt: expect.any(Number) });
    expect(await db('GET', `sattanamee/Ghaziabad/${TODAY}`)).toBeNull();
    await db('DELETE', `scheduled/Ghaziabad/${TODAY}`, undefined, true);

    // Restarted once more: the published entry is gone, nothing is published or pushed again.
    await notify.stop();
    notify = await startNotify();
    await notify.waitForOutput(/watching scheduled numbers \(0 scheduled\)/);
    expect(notify.output()).not.toMatch(published('Disawar', '17'));
  }, 90_000);

  it('two service instances at once: one publish and one push per subscriber', async () => {
    const second = await startNotify();
    try {
      await second.waitForOutput(/watching scheduled numbers/);
      await second.waitForOutput(/watching today's results/);
      await schedule('Ghaziabad', '20', 1500);
      await anyOutput([notify, second], published('Ghaziabad', '20'), 20_000);
      await anyOutput([notify, second], announced('Ghaziabad', '20'), 20_000);
      // The other instance either lost the claim or saw the entry go while waiting on a claim.
      const loser = published('Ghaziabad', '20').test(notify.output()) ? second : notify;
      await loser.waitForOutput(
        new RegExp(
          `notify: scheduled (${label('Ghaziabad', '20')} is published, changed or cancelled elsewhere|Ghaziabad \\(${TODAY}\\) is no longer scheduled)`,
        ),
      );
      expect(count(notify.output(), published('Ghaziabad', '20')) + count(second.output(), published('Ghaziabad', '20'))).toBe(1);
      expect(await db('GET', `sattanamee/Ghaziabad/${TODAY}/number`)).toBe('20');
    } finally {
      // Stopping waits for a fan-out under way, so the count below is final.
      await second.stop();
    }
    expect(pushesOf('Ghaziabad')).toEqual({ '/phone-a': ['20'], '/phone-b': ['20'] });
  }, 60_000);

  it('on a day marked as having no draw: refused at its time and kept for the admin, nothing published or pushed; published once the mark is removed and it is scheduled again', async () => {
    await db('PUT', `holidays/Mathura/dates/${TODAY}`, true, true);
    const at = await schedule('Mathura', '33', 1500);
    await notify.waitForOutput(refused('Mathura', '33', 'that date'), 20_000);
    expect(notify.output()).toContain(
      `Mathura has no draw on ${display(TODAY)}: the day is marked in Days without a draw. Remove the mark first to publish a number. Left for the admin.`,
    );
    // The entry stays, its claim given back, with the reason the dashboard shows.
    expect(await db('GET', `scheduled/Mathura/${TODAY}`)).toEqual({ number: '33', at, createdAt: expect.any(Number), refused: 'no-draw' });
    expect(await db('GET', `sattanamee/Mathura/${TODAY}`)).toBeNull();
    expect(await db('GET', `live/days/${TODAY}/Mathura`)).toBeNull();
    expect((await get(ref(visitor, `sattanamee/Mathura/${TODAY}`))).val()).toBeNull();
    const audit = Object.values(((await db('GET', 'audit')) ?? {}) as Record<string, Record<string, unknown>>);
    expect(audit.filter((e) => e['path'] === `sattanamee/Mathura/${TODAY}`)).toEqual([]);

    // Restarted: the refused entry is left alone, not tried again.
    await notify.stop();
    notify = await startNotify();
    await notify.waitForOutput(
      new RegExp(`notify: scheduled ${label('Mathura', '33')} was refused \\(no-draw\\): not published, left for the admin`),
    );
    await notify.waitForOutput(/watching today's results/);
    expect(notify.output()).not.toMatch(published('Mathura', '33'));
    expect(await db('GET', `scheduled/Mathura/${TODAY}/refused`)).toBe('no-draw');
    expect(pushesOf('Mathura')).toEqual({ '/phone-a': [], '/phone-b': [] });

    // The admin removes the mark and schedules the number again (the dashboard writes the whole entry).
    await db('DELETE', `holidays/Mathura/dates/${TODAY}`, undefined, true);
    await schedule('Mathura', '33', 1500);
    await notify.waitForOutput(published('Mathura', '33'), 20_000);
    await notify.waitForOutput(announced('Mathura', '33'), 20_000);
    expect(await db('GET', `sattanamee/Mathura/${TODAY}/number`)).toBe('33');
    expect(await db('GET', `scheduled/Mathura/${TODAY}`)).toBeNull();
    expect(pushesOf('Mathura')).toEqual({ '/phone-a': ['33'], '/phone-b': ['33'] });
  }, 90_000);

  it("a weekly mark: refused on that weekday from the mark's first date, published when the first date is next week", async () => {
    const weekday = weekdayOf(TODAY);
    await db('PUT', `holidays/Gangotri/weekdays/${weekday}`, TODAY, true);
    await db('PUT', `holidays/Bilaspur/weekdays/${weekday}`, addDays(TODAY, 7), true);
    await schedule('Gangotri', '61', 1500);
    await schedule('Bilaspur', '62', 1500);
    await notify.waitForOutput(published('Bilaspur', '62'), 20_000);
    await notify.waitForOutput(announced('Bilaspur', '62'), 20_000);
    await notify.waitForOutput(refused('Gangotri', '61', `every ${WEEKDAY_NAMES[weekday]} from ${display(TODAY)}`), 20_000);
    expect(await db('GET', `scheduled/Gangotri/${TODAY}/refused`)).toBe('no-draw');
    expect(await db('GET', `sattanamee/Gangotri/${TODAY}`)).toBeNull();
    expect(await db('GET', `sattanamee/Bilaspur/${TODAY}/number`)).toBe('62');
    expect(pushesOf('Bilaspur')).toEqual({ '/phone-a': ['62'], '/phone-b': ['62'] });
    expect(pushesOf('Gangotri')).toEqual({ '/phone-a': [], '/phone-b': [] });
    await db('DELETE', `scheduled/Gangotri/${TODAY}`, undefined, true);
  }, 60_000);
});
