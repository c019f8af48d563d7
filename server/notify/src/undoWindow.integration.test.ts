import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startStack, type Stack } from '../../../scripts/stack.ts';
import { sharedAuthEmulator } from '../../../scripts/sharedAuthEmulator.ts';
import { siteNow } from '@satta/shared/domain/siteTime';
import type { NotificationPayload } from './payload.ts';
import { subscriptionKey } from './subscription.ts';
import { rest, signIn } from './testing/localServices.ts';
import { startNotifyProcess, type NotifyProcess } from './testing/notifyProcess.ts';
import { startPushEndpoint, type PushEndpoint, type ReceivedPush } from './testing/pushEndpoint.ts';
import { generateSubscriberKeys } from './testing/subscriberKeys.ts';
import { decryptWebPush } from './testing/webPushDecrypt.ts';

/*
 * The undo window against the real local backend and a fake push service (as in
 * notify.integration.test.ts). The stack has no notify service of its own, and the data lives in a
 * namespace of this file's own: the process under test is the only service there is, also across
 * its restarts.
 */
const NS = `undo-window-${process.pid}`;
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const SUBSCRIBERS = ['/phone-a', '/phone-b'];
const STAMP = { '.sv': 'timestamp' };

let stack: Stack;
let push: PushEndpoint;
let notify: NotifyProcess;
let dataDir: string;
let adminToken: string;
const keys = generateSubscriberKeys();

function startNotify(): Promise<NotifyProcess> {
  return startNotifyProcess({ auth: stack.urls.auth, database: stack.urls.database, dataDir, env: { NOTIFY_DATABASE_NAMESPACE: NS } });
}

/** The database's REST API in this file's namespace: as the admin (rules apply) or as the owner. */
const db = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, asAdmin = false): Promise<unknown> =>
  rest(stack.urls.database, method, path, body, asAdmin ? adminToken : undefined, NS);

/** Publishes today's number as the dashboard does: number and times in one write. */
async function publish(game: string, number: string, extra: Record<string, unknown> = {}): Promise<{ updatedAt: number }> {
  await db('PUT', `sattanamee/${game}/${TODAY}`, { number, publishedAt: STAMP, updatedAt: STAMP, ...extra }, true);
  return (await db('GET', `sattanamee/${game}/${TODAY}`)) as { updatedAt: number };
}

/** The result pushes each subscriber received for `game`, decrypted. */
function pushesOf(game: string): Record<string, { number?: string; at: number }[]> {
  const of = (path: string) =>
    push
      .for(path)
      .map((request: ReceivedPush) => ({ payload: JSON.parse(decryptWebPush(request.body, keys)) as NotificationPayload, at: request.at }))
      .filter(({ payload }) => payload.kind === 'result' && payload.game === game)
      .map(({ payload, at }) => ({ number: payload.number, at }));
  return Object.fromEntries(SUBSCRIBERS.map((path) => [path, of(path)]));
}

const label = (game: string, number: string) => `notify: ${game} ${number} \\(${TODAY}\\)`;
const waiting = (game: string, number: string) => new RegExp(`${label(game, number)} waits for its undo window`);
const announced = (game: string, number: string) => new RegExp(`${label(game, number)} sent 2 of 2`);

beforeAll(async () => {
  stack = await startStack({ hosting: false, notify: false, auth: sharedAuthEmulator() });
  dataDir = mkdtempSync(join(tmpdir(), 'notify-undo-test-'));
  push = await startPushEndpoint();
  adminToken = await signIn(stack.urls.auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const games = ['Gali', 'Disawar', 'Faridabad', 'Ghaziabad'];
  await db('PUT', 'sattanamee', Object.fromEntries(games.map((name, i) => [name, { time: '11:30 PM', place: i + 1 }])));
  const subscriptions = SUBSCRIBERS.map((path) => ({
    endpoint: push.endpoint(path),
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    createdAt: 1,
  }));
  await db('PUT', 'webPushSubscriptions', Object.fromEntries(subscriptions.map((s) => [subscriptionKey(s.endpoint), s])));
  await db('PUT', 'notifyState/undoWindowSec', 2);
  notify = await startNotify();
  await notify.waitForOutput(/watching today's results \(\d{4}-\d\d-\d\d\) of 4 games/);
}, 180_000);

afterAll(async () => {
  await notify?.stop();
  await push?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the undo window of a published result', () => {
  it('publish, then undo within the window: no push is sent and the number is gone', async () => {
    const { updatedAt } = await publish('Gali', '42');
    await notify.waitForOutput(waiting('Gali', '42'));
    expect(await db('GET', `notifyState/pending/${TODAY}/Gali`)).toEqual({ number: '42', sendAt: updatedAt + 2000 });

    // Undo as the dashboard does: the date's node goes (it was no correction).
    await db('DELETE', `sattanamee/Gali/${TODAY}`, undefined, true);
    await notify.waitForOutput(new RegExp(`${label('Gali', '42')} was undone within the undo window: not announced`));
    expect(await db('GET', `notifyState/pending/${TODAY}/Gali`)).toBeNull();

    // Past the end the window had: still nothing was sent or claimed.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, updatedAt + 2000 + 500 - Date.now())));
    expect(pushesOf('Gali')).toEqual({ '/phone-a': [], '/phone-b': [] });
    expect(await db('GET', `notifyState/sent/${TODAY}/Gali`)).toBeNull();
    expect(await db('GET', `sattanamee/Gali/${TODAY}`)).toBeNull();
  }, 30_000);

  it('publish, then the window ends: exactly one push per subscriber, not before the window ended', async () => {
    const { updatedAt } = await publish('Disawar', '17');
    await notify.waitForOutput(announced('Disawar', '17'), 20_000);
    const pushes = pushesOf('Disawar');
    expect(pushes).toEqual({
      '/phone-a': [{ number: '17', at: expect.any(Number) }],
      '/phone-b': [{ number: '17', at: expect.any(Number) }],
    });
    for (const [first] of Object.values(pushes)) expect(first?.at).toBeGreaterThanOrEqual(updatedAt + 2000);
    expect(await db('GET', `notifyState/pending/${TODAY}/Disawar`)).toBeNull();
    expect(await db('GET', `notifyState/sent/${TODAY}/Disawar`)).toBe('17');
  }, 30_000);

  it('the service stopped inside the window and started again: still exactly one push per subscriber', async () => {
    await db('PUT', 'notifyState/undoWindowSec', 4);
    const { updatedAt } = await publish('Faridabad', '55');
    await notify.waitForOutput(waiting('Faridabad', '55'));
    await notify.stop();
    expect(await db('GET', `notifyState/pending/${TODAY}/Faridabad`)).toEqual({ number: '55', sendAt: updatedAt + 4000 });
    expect(pushesOf('Faridabad')).toEqual({ '/phone-a': [], '/phone-b': [] });

    notify = await startNotify();
    await notify.waitForOutput(announced('Faridabad', '55'), 30_000);
    const pushes = pushesOf('Faridabad');
    expect(pushes).toEqual({
      '/phone-a': [{ number: '55', at: expect.any(Number) }],
      '/phone-b': [{ number: '55', at: expect.any(Number) }],
    });
    for (const [first] of Object.values(pushes)) expect(first?.at).toBeGreaterThanOrEqual(updatedAt + 4000);
    expect(await db('GET', `notifyState/pending/${TODAY}/Faridabad`)).toBeNull();

    // One more restart after the push: the result is already announced and nobody hears of it again.
    await notify.stop();
    notify = await startNotify();
    await notify.waitForOutput(/watching today's results/);
    await db('PUT', 'notifyState/undoWindowSec', 2);
    // A later result going out shows the restarted service has handled today's results by then.
    await publish('Disawar', '18');
    await notify.waitForOutput(announced('Disawar', '18'), 20_000);
    expect(pushesOf('Faridabad')['/phone-a']).toHaveLength(1);
    expect(pushesOf('Faridabad')['/phone-b']).toHaveLength(1);
  }, 90_000);

  it('a number corrected inside the window is pushed once, as corrected, after a window of its own', async () => {
    await db('PUT', 'notifyState/undoWindowSec', 2);
    await publish('Ghaziabad', '20');
    await notify.waitForOutput(waiting('Ghaziabad', '20'));
    // The dashboard's correction: the number, its time and the earlier value in one write.
    await db('PATCH', `sattanamee/Ghaziabad/${TODAY}`, { number: '21', was: '20', updatedAt: STAMP }, true);
    const { updatedAt } = (await db('GET', `sattanamee/Ghaziabad/${TODAY}`)) as { updatedAt: number };
    await notify.waitForOutput(announced('Ghaziabad', '21'), 20_000);
    const pushes = pushesOf('Ghaziabad');
    expect(pushes).toEqual({
      '/phone-a': [{ number: '21', at: expect.any(Number) }],
      '/phone-b': [{ number: '21', at: expect.any(Number) }],
    });
    for (const [first] of Object.values(pushes)) expect(first?.at).toBeGreaterThanOrEqual(updatedAt + 2000);
    expect(notify.output()).not.toMatch(announced('Ghaziabad', '20'));
    expect(await db('GET', `notifyState/pending/${TODAY}/Ghaziabad`)).toBeNull();
  }, 30_000);

  it('a back-filled (silent) result is never pushed, new or correcting a pushed number', async () => {
    await publish('Gali', '33', { silent: true });
    await notify.waitForOutput(new RegExp(`${label('Gali', '33')} is back-filled \\(silent\\): not announced`));
    expect(await db('GET', `notifyState/pending/${TODAY}/Gali`)).toBeNull();
    expect(await db('GET', `notifyState/sent/${TODAY}/Gali`)).toBeNull();
    expect(pushesOf('Gali')).toEqual({ '/phone-a': [], '/phone-b': [] });
    await db('DELETE', `sattanamee/Gali/${TODAY}`, undefined, true);

    await publish('Faridabad', '33', { silent: true });
    await notify.waitForOutput(new RegExp(`${label('Faridabad', '33')} is back-filled \\(silent\\): not announced`));
    expect(await db('GET', `notifyState/pending/${TODAY}/Faridabad`)).toBeNull();
    expect(await db('GET', `notifyState/sent/${TODAY}/Faridabad`)).toBe('55');
    expect(pushesOf('Faridabad')['/phone-a']?.map((p) => p.number)).toEqual(['55']);
    expect(pushesOf('Faridabad')['/phone-b']?.map((p) => p.number)).toEqual(['55']);
  }, 30_000);

  it('a window of 0 pushes at once, without a pending entry', async () => {
    await db('PUT', 'notifyState/undoWindowSec', 0);
    await publish('Gali', '61');
    await notify.waitForOutput(announced('Gali', '61'), 20_000);
    expect(pushesOf('Gali')).toEqual({
      '/phone-a': [{ number: '61', at: expect.any(Number) }],
      '/phone-b': [{ number: '61', at: expect.any(Number) }],
    });
    expect(notify.output()).not.toMatch(waiting('Gali', '61'));
    expect(await db('GET', `notifyState/pending/${TODAY}/Gali`)).toBeNull();
  }, 30_000);

  it('a recorded window that ends 30 days ahead is no window: pushed after the configured one, not at once', async () => {
    await db('PUT', 'notifyState/undoWindowSec', 2);
    // A hand-edited entry (the owner, as the console does; the rules refuse it to the admin).
    // Node fires a timer over 24.8 days after 1 ms, so this once pushed at once.
    await db('PUT', `notifyState/pending/${TODAY}/Ghaziabad`, { number: '73', sendAt: Date.now() + 30 * 86_400_000 });
    const { updatedAt } = await publish('Ghaziabad', '73');
    await notify.waitForOutput(new RegExp(`${label('Ghaziabad', '73')}: its recorded undo window ends \\d+ s from now, longer than 2 s`));
    await notify.waitForOutput(announced('Ghaziabad', '73'), 20_000);
    for (const pushes of Object.values(pushesOf('Ghaziabad'))) {
      const corrected = pushes.filter((p) => p.number === '73');
      expect(corrected).toHaveLength(1);
      expect(corrected[0]?.at).toBeGreaterThanOrEqual(updatedAt + 2000);
    }
  }, 30_000);
});
