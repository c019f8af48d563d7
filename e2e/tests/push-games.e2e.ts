import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NOTIFY_YES } from '../../shared/domain/messages.ts';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { subscriptionKey } from '../../server/notify/src/subscription.ts';
import { rest } from '../../server/notify/src/testing/localServices.ts';
import { startPushEndpoint, type PushEndpoint } from '../../server/notify/src/testing/pushEndpoint.ts';
import { generateSubscriberKeys } from '../../server/notify/src/testing/subscriberKeys.ts';
import { decryptWebPush } from '../../server/notify/src/testing/webPushDecrypt.ts';
import { DESKTOP, MOBILE, launchBrowser, openPage, waitForLiveResults, waitForSplashToGo } from '../support/browser.ts';
import { deliverPush, watchServiceWorker } from '../support/push.ts';

/*
 * Push for the games a visitor follows (issue 29, point 1), in Chromium against the stack's notify
 * service. As in push.e2e.ts, only the browser's push service is a stand-in: PushManager in the
 * page hands out a subscription whose endpoint is a fake push service on 127.0.0.1 (and, for the
 * rotation, another endpoint with the same keys). The visitor says yes, picks Gali alone in the
 * sheet, gets Gali's push and not Disawar's, gets a correction of Gali as old -> new, turns
 * Gali's bell off and gets nothing more; a second subscription that follows every game shows
 * each push really went out. Finally the browser's endpoint changes and the choice moves with it.
 */
const { site, database } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const GALI = 'Gali';
const DISAWAR = 'Disawar';
const GAMES_TITLE = 'किन खेलों की सूचना चाहिए? (Games to notify)';
const ALL_GAMES = 'सभी खेल (All games)';
const SAVE = 'सहेजें (Save)';
const SETTINGS = 'सूचना सेटिंग (Notification settings)';
const bellName = (game: string) => `${game} की सूचना चालू/बंद (Notify for ${game})`;

const subscriber = generateSubscriberKeys();
let browser: Browser;
let push: PushEndpoint;
let endpoint: string;
let rotatedEndpoint: string;
let controlEndpoint: string;
let config: { notifyUrl: string; vapidPublicKey: string };
const originals: Record<string, unknown> = {};
let originalWindow: unknown;

/**
 * The browser's push service client, as in push.e2e.ts: subscribe() needs the permission and
 * returns the same subscription until unsubscribed, getSubscription() finds it on the next visit.
 * The endpoint is `e2e.pushEndpoint` of localStorage when set: the push service rotated it.
 */
async function stubPushManager(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const STORE = 'e2e.pushSubscription';
      const current = () => localStorage.getItem('e2e.pushEndpoint') ?? endpoint;
      const fromBase64url = (text: string) =>
        Uint8Array.from(
          atob(
            text
              .replace(/-/g, '+')
              .replace(/_/g, '/')
              .padEnd(Math.ceil(text.length / 4) * 4, '='),
          ),
          (c) => c.charCodeAt(0),
        ).buffer;
      const subscription = (key: string) => ({
        endpoint: current(),
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromBase64url(key) },
        getKey: (name: string) => fromBase64url(name === 'p256dh' ? p256dh : auth),
        toJSON: () => ({ endpoint: current(), expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(STORE);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        const raw = options?.applicationServerKey;
        const bytes = typeof raw === 'string' ? null : raw ? new Uint8Array(ArrayBuffer.isView(raw) ? raw.buffer : raw) : null;
        const key =
          typeof raw === 'string'
            ? raw
            : bytes
              ? btoa(String.fromCharCode(...bytes))
                  .replace(/\+/g, '-')
                  .replace(/\//g, '_')
                  .replace(/=+$/, '')
              : '';
        localStorage.setItem(STORE, key);
        return subscription(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const key = localStorage.getItem(STORE);
        return key === null ? null : (subscription(key) as unknown as PushSubscription);
      };
    },
    { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth },
  );
}

interface Received {
  kind?: string;
  title?: string;
  game?: string;
  number?: string;
  was?: string;
  tag?: string;
}

/** The result pushes the fake push service received at `path` (decrypted), from the `after`-th on. */
function resultsAt(path: string, after = 0): Received[] {
  return push
    .for(path)
    .slice(after)
    .map((request) => JSON.parse(decryptWebPush(request.body, subscriber)) as Received)
    .filter((payload) => payload.kind === 'result');
}

async function waitForResult(path: string, after: number, game: string, number: string): Promise<Received> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = resultsAt(path, after).find((p) => p.game === game && p.number === number);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no push of ${game} ${number} reached ${path}: ${JSON.stringify(resultsAt(path, after))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitUntilWatched(...games: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const health = (await (await fetch(`${config.notifyUrl}/health`)).json()) as { watching?: { day: string; games: string[] } };
    if (health.watching?.day === TODAY && games.every((game) => health.watching?.games.includes(game))) return;
    if (Date.now() > deadline) throw new Error(`the notify service does not watch ${games.join(', ')}: ${JSON.stringify(health)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A two-digit number that is neither today's number of `game` nor the one announced for it. */
async function freshNumber(game: string, avoid: string[] = []): Promise<string> {
  const stored = (await rest(database, 'GET', `sattanamee/${game}/${TODAY}/number`)) as string | null;
  const sent = (await rest(database, 'GET', `notifyState/sent/${TODAY}/${game}`)) as string | null;
  const taken = new Set([stored, sent, ...avoid]);
  return ['61', '62', '63', '64', '65', '66'].find((n) => !taken.has(n)) as string;
}

const publish = (game: string, number: string) => rest(database, 'PUT', `sattanamee/${game}/${TODAY}/number`, number);

/** Height of every row of the result table and the width of its game column. */
function tableGeometry(page: Page): Promise<number[]> {
  return page.$$eval('[data-widget="mf-results/ResultTable"] tr[data-game]', (rows) =>
    rows.flatMap((row) => [row.getBoundingClientRect().height, (row.querySelector('th') as HTMLElement).getBoundingClientRect().width]),
  );
}

beforeAll(async () => {
  browser = await launchBrowser({ push: true });
  push = await startPushEndpoint();
  endpoint = push.endpoint('/e2e-games');
  rotatedEndpoint = push.endpoint('/e2e-games-rotated');
  controlEndpoint = push.endpoint('/e2e-games-control');
  config = (await (await fetch(`${site}/config.json`)).json()) as typeof config;
  for (const game of [GALI, DISAWAR]) originals[game] = await rest(database, 'GET', `sattanamee/${game}/${TODAY}`);
  originalWindow = await rest(database, 'GET', 'notifyState/undoWindowSec');
  await rest(database, 'PUT', 'notifyState/undoWindowSec', 0);
  // A subscription that follows every game: it shows that each result was pushed at all.
  const control = await fetch(`${config.notifyUrl}/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: controlEndpoint, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } }),
  });
  expect(control.status).toBe(201);
});

afterAll(async () => {
  // Our subscriptions go first, so that putting the results back notifies nobody here.
  for (const gone of [endpoint, rotatedEndpoint, controlEndpoint]) {
    if (gone) await rest(database, 'DELETE', `webPushSubscriptions/${subscriptionKey(gone)}`).catch(() => undefined);
  }
  for (const [game, original] of Object.entries(originals)) {
    await rest(database, original === null ? 'DELETE' : 'PUT', `sattanamee/${game}/${TODAY}`, original ?? undefined);
  }
  if (originalWindow !== undefined) {
    await rest(database, originalWindow === null ? 'DELETE' : 'PUT', 'notifyState/undoWindowSec', originalWindow ?? undefined);
  }
  await push?.close();
  await browser?.close();
});

describe('push for the games a visitor follows', () => {
  let context: BrowserContext;
  let page: Page;

  afterAll(async () => {
    await context?.close();
  });

  it('after yes the visitor picks Gali alone; the bells show it and move nothing in the table', async () => {
    ({ context, page } = await openPage(browser, MOBILE));
    await stubPushManager(context);
    await page.goto(site);
    await waitForSplashToGo(page);
    await waitForLiveResults(page);
    const yes = page.getByRole('dialog').getByRole('button', { name: NOTIFY_YES });
    await yes.waitFor();
    const before = await tableGeometry(page);
    expect(await page.getByRole('button', { name: bellName(GALI) }).count()).toBe(0);

    await context.grantPermissions(['notifications'], { origin: site });
    await yes.click();
    const sheet = page.getByRole('dialog', { name: GAMES_TITLE });
    await sheet.waitFor();
    expect(await sheet.getByRole('checkbox', { name: ALL_GAMES }).isChecked()).toBe(true);
    expect(await sheet.getByRole('checkbox', { name: GALI, exact: true }).isDisabled()).toBe(true);

    await sheet.getByRole('checkbox', { name: ALL_GAMES }).uncheck();
    await sheet.getByRole('checkbox', { name: GALI, exact: true }).check();
    const saved = page.waitForResponse((r) => r.url() === `${config.notifyUrl}/subscriptions/games` && r.request().method() === 'PUT');
    await sheet.getByRole('button', { name: SAVE }).click();
    const answer = await saved;
    expect({ status: answer.status(), body: await answer.json() }).toEqual({ status: 200, body: { status: 'saved', games: [GALI] } });
    await sheet.waitFor({ state: 'detached' });
    expect(await rest(database, 'GET', `webPushSubscriptions/${subscriptionKey(endpoint)}/games`)).toEqual({ Gali: true });

    const gali = page.getByRole('button', { name: bellName(GALI) });
    await gali.waitFor();
    expect(await gali.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: bellName(DISAWAR) }).getAttribute('aria-pressed')).toBe('false');
    // The bells sit in the rows' own lines: no row and no column changed size (a 360 px phone).
    const after = await tableGeometry(page);
    expect(after).toHaveLength(before.length);
    after.forEach((value, i) => expect(Math.abs(value - (before[i] ?? 0))).toBeLessThan(0.5));
    // A 44 px target around the small icon: taps beside and above it still reach it.
    await gali.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = await gali.boundingBox();
    if (!box) throw new Error('the bell has no box');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const hits = await page.evaluate(
      ({ centre, name }) =>
        [
          [-20, 0],
          [20, 0],
          [0, -24],
          [0, 14],
        ].map(
          ([dx, dy]) =>
            document
              .elementFromPoint(centre.x + (dx ?? 0), centre.y + (dy ?? 0))
              ?.closest('button')
              ?.getAttribute('aria-label') === name,
        ),
      { centre, name: bellName(GALI) },
    );
    expect(hits).toEqual([true, true, true, true]);
    await page.setViewportSize(DESKTOP);
  });

  it("gets Gali's push and not Disawar's; a correction of Gali says old -> new", async () => {
    await waitUntilWatched(GALI, DISAWAR);
    // Gali not announced yet today, so its first number is a result and the next one a correction.
    await rest(database, 'DELETE', `sattanamee/${GALI}/${TODAY}`);
    await rest(database, 'DELETE', `notifyState/sent/${TODAY}/${GALI}`);
    const mine = push.for('/e2e-games').length;
    const control = push.for('/e2e-games-control').length;

    const disawar = await freshNumber(DISAWAR);
    await publish(DISAWAR, disawar);
    await waitForResult('/e2e-games-control', control, DISAWAR, disawar);
    const gali = await freshNumber(GALI);
    await publish(GALI, gali);
    const first = await waitForResult('/e2e-games', mine, GALI, gali);
    expect(first.title).toBe(`${GALI}: ${gali}`);

    const corrected = await freshNumber(GALI, [gali]);
    await publish(GALI, corrected);
    const correction = await waitForResult('/e2e-games', mine, GALI, corrected);
    expect(correction).toMatchObject({ title: `${GALI}: ${gali} → ${corrected} (संशोधित)`, was: gali, tag: `result-${TODAY}-${GALI}` });
    const controlCorrection = await waitForResult('/e2e-games-control', control, GALI, corrected);
    expect(controlCorrection.title).toBe(`${GALI}: ${gali} → ${corrected} (संशोधित)`);
    // Disawar's push went out (the control got it), just not to us.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(resultsAt('/e2e-games', mine).map((p) => p.title)).toEqual([`${GALI}: ${gali}`, `${GALI}: ${gali} → ${corrected} (संशोधित)`]);

    // The service worker shows the correction in place of the first notification.
    const cdp = await context.newCDPSession(page);
    const worker = await watchServiceWorker(cdp, site);
    const [request] = push.for('/e2e-games').slice(-1);
    const data = decryptWebPush(request?.body ?? Buffer.alloc(0), subscriber);
    const title = `${GALI}: ${gali} → ${corrected} (संशोधित)`;
    await deliverPush(cdp, page, site, worker, data, title);
    await cdp.detach();
  });

  it("turning Gali's bell off stops its pushes; the settings button shows the choice", async () => {
    const bell = page.getByRole('button', { name: bellName(GALI) });
    const saved = page.waitForResponse((r) => r.url() === `${config.notifyUrl}/subscriptions/games` && r.request().method() === 'PUT');
    await bell.click();
    expect((await saved).status()).toBe(200);
    expect(await bell.getAttribute('aria-pressed')).toBe('false');
    // Nothing followed: stored as false (the database keeps no empty object).
    expect(await rest(database, 'GET', `webPushSubscriptions/${subscriptionKey(endpoint)}/games`)).toBe(false);

    const mine = push.for('/e2e-games').length;
    const control = push.for('/e2e-games-control').length;
    const number = await freshNumber(GALI);
    await publish(GALI, number);
    await waitForResult('/e2e-games-control', control, GALI, number);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(resultsAt('/e2e-games', mine)).toEqual([]);

    await page.getByRole('button', { name: SETTINGS }).click();
    const sheet = page.getByRole('dialog', { name: GAMES_TITLE });
    await sheet.waitFor();
    expect(await sheet.getByRole('checkbox', { name: ALL_GAMES }).isChecked()).toBe(false);
    expect(await sheet.getByRole('checkbox', { name: GALI, exact: true }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it("keeps the choice when the browser's push service gives it a new endpoint", async () => {
    // Gali on again, then the endpoint rotates before the next visit.
    const saved = page.waitForResponse((r) => r.url() === `${config.notifyUrl}/subscriptions/games` && r.request().method() === 'PUT');
    await page.getByRole('button', { name: bellName(GALI) }).click();
    expect(await (await saved).json()).toEqual({ status: 'saved', games: [GALI] });
    await page.evaluate((rotated) => localStorage.setItem('e2e.pushEndpoint', rotated), rotatedEndpoint);

    const next = await context.newPage();
    const posted = next.waitForResponse((r) => r.url() === `${config.notifyUrl}/subscriptions` && r.request().method() === 'POST');
    await next.goto(site);
    const answer = await posted;
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ endpoint: rotatedEndpoint, previous: endpoint });
    expect({ status: answer.status(), body: await answer.json() }).toEqual({
      status: 201,
      body: { status: 'saved', key: subscriptionKey(rotatedEndpoint), games: [GALI] },
    });
    expect(await rest(database, 'GET', `webPushSubscriptions/${subscriptionKey(endpoint)}`)).toBeNull();
    expect(await rest(database, 'GET', `webPushSubscriptions/${subscriptionKey(rotatedEndpoint)}/games`)).toEqual({ Gali: true });
    await waitForSplashToGo(next);
    const bell = next.getByRole('button', { name: bellName(GALI) });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-pressed')).toBe('true');

    const mine = push.for('/e2e-games-rotated').length;
    const number = await freshNumber(GALI);
    await publish(GALI, number);
    await waitForResult('/e2e-games-rotated', mine, GALI, number);
  });
});
