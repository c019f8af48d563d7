import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NOTIFY_YES } from '../../shared/domain/messages.ts';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { subscriptionKey } from '../../server/notify/src/subscription.ts';
import { TEST_TITLE } from '../../server/notify/src/payload.ts';
import { rest, signIn } from '../../server/notify/src/testing/localServices.ts';
import { startPushEndpoint, type PushEndpoint, type ReceivedPush } from '../../server/notify/src/testing/pushEndpoint.ts';
import { generateSubscriberKeys } from '../../server/notify/src/testing/subscriberKeys.ts';
import { decryptWebPush } from '../../server/notify/src/testing/webPushDecrypt.ts';
import { launchBrowser, openPage, waitForSplashToGo } from '../support/browser.ts';
import { deliverPush, watchServiceWorker } from '../support/push.ts';

/*
 * Push notifications in Chromium, end to end, with one stand-in: the browser's push service.
 * Chromium cannot subscribe here (its push service is Google's FCM, unreachable; in Playwright's
 * incognito contexts it refuses outright, in a persistent profile subscribe() hangs). So the
 * test replaces PushManager.subscribe/getSubscription in the page with a subscription whose
 * endpoint is a fake push service on 127.0.0.1 and whose keys the test holds. Everything else
 * is real: the prompt, the permission, /sw.js and its registration, the data service's write
 * under the rules, the POST to the notify service, the service's encrypted web push, and the
 * service worker showing it, fed through the DevTools protocol (ServiceWorker.deliverPushMessage)
 * with the payload the test decrypted from what the notify service sent.
 */
const { site, database, auth, admin } = inject('e2e');
const TODAY = siteNow(new Date(), 'Asia/Kolkata').dateKey;
/** A game of the home page's list that the other suites leave alone. */
const GAME = 'Sadak';
const subscriber = generateSubscriberKeys();

let browser: Browser;
let push: PushEndpoint;
let endpoint: string;
let config: { notifyUrl: string; vapidPublicKey: string };
/**
 * What this file changes in the shared database, and its value before, put back in this order
 * afterwards: the ledger before the result, so that the service finds the restored number
 * already announced and pushes nothing.
 */
const TOUCHED = [`notifyState/sent/${TODAY}/${GAME}`, `sattanamee/${GAME}/${TODAY}`, 'notifyState/undoWindowSec'];
const saved = new Map<string, unknown>();

interface SubscribeCall {
  key: string;
  userVisibleOnly: boolean;
}

/**
 * The stand-in for the browser's push service client, installed before the site's scripts run.
 * It behaves like Chromium's: subscribe() needs the permission, records the key it was given and
 * returns the same subscription until unsubscribed, and getSubscription() finds it again on the
 * next visit (kept in localStorage, as the browser keeps it in its profile).
 */
async function stubPushManager(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const STORE = 'e2e.pushSubscription';
      const CALLS = 'e2e.pushSubscribeCalls';
      const toBase64url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const fromBase64url = (text: string) => {
        const binary = atob(
          text
            .replace(/-/g, '+')
            .replace(/_/g, '/')
            .padEnd(Math.ceil(text.length / 4) * 4, '='),
        );
        return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
      };
      const subscription = (key: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromBase64url(key) },
        getKey: (name: string) => fromBase64url(name === 'p256dh' ? p256dh : auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(STORE);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        const raw = options?.applicationServerKey;
        const key = typeof raw === 'string' ? raw : raw ? toBase64url(new Uint8Array(ArrayBuffer.isView(raw) ? raw.buffer : raw)) : '';
        const calls = JSON.parse(localStorage.getItem(CALLS) ?? '[]') as unknown[];
        localStorage.setItem(CALLS, JSON.stringify([...calls, { key, userVisibleOnly: options?.userVisibleOnly === true }]));
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

/** Console lines of a page, to wait for the specification's log lines. */
function consoleOf(page: Page): { lines: string[]; waitFor(text: string): Promise<void> } {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return {
    lines,
    async waitFor(text) {
      const deadline = Date.now() + 20_000;
      while (!lines.includes(text)) {
        if (Date.now() > deadline) throw new Error(`the page never logged '${text}'; it logged:\n${lines.join('\n')}`);
        await page.waitForTimeout(100);
      }
    },
  };
}

async function ourEntries(): Promise<string[]> {
  const all = ((await rest(database, 'GET', 'webPushSubscriptions')) ?? {}) as Record<string, { endpoint?: string }>;
  return Object.entries(all)
    .filter(([, value]) => value.endpoint === endpoint)
    .map(([key]) => key);
}

async function waitUntilWatched(game: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const health = (await (await fetch(`${config.notifyUrl}/health`)).json()) as { watching?: { day: string; games: string[] } };
    if (health.watching?.day === TODAY && health.watching.games.includes(game)) return;
    if (Date.now() > deadline) throw new Error(`the notify service does not watch ${game}: ${JSON.stringify(health)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The next push of `kind` (and, for results, of `game`) the fake push service receives for our
 * subscription, decrypted. Other games' results may arrive meanwhile: the service announces
 * every result of today it has not announced yet, such as the seed's.
 */
async function nextPush(kind: string, after: number, game?: string): Promise<{ request: ReceivedPush; plaintext: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    for (const request of push.for('/e2e-browser').slice(after)) {
      const plaintext = decryptWebPush(request.body, subscriber);
      const payload = JSON.parse(plaintext) as { kind?: string; game?: string };
      if (payload.kind === kind && (game === undefined || payload.game === game)) return { request, plaintext };
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} push${game ? ` for ${game}` : ''} reached the fake push service`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  browser = await launchBrowser({ push: true });
  push = await startPushEndpoint();
  endpoint = push.endpoint('/e2e-browser');
  config = (await (await fetch(`${site}/config.json`)).json()) as typeof config;
  for (const path of TOUCHED) saved.set(path, await rest(database, 'GET', path));
  // The game has no number today, whatever the time of day (after its result time the seed gave
  // it one, which the service may announce meanwhile; the test clears that announcement later).
  await rest(database, 'DELETE', `sattanamee/${GAME}/${TODAY}`);
  // No undo window: the result's push goes out as soon as it is written (undo-publish.e2e.ts tests the window).
  await rest(database, 'PUT', 'notifyState/undoWindowSec', 0);
});

afterAll(async () => {
  // Our subscription goes first, so that putting the result back notifies nobody here.
  if (endpoint) await rest(database, 'DELETE', `webPushSubscriptions/${subscriptionKey(endpoint)}`).catch(() => undefined);
  for (const [path, value] of saved) await rest(database, value === null ? 'DELETE' : 'PUT', path, value ?? undefined);
  await push?.close();
  await browser?.close();
});

describe('push notifications', () => {
  let context: BrowserContext;
  let page: Page;

  afterAll(async () => {
    await context?.close();
  });

  it("the prompt's yes subscribes with the server's key and stores one subscription; the next visit finds it silently", async () => {
    expect(config.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await ourEntries()).toEqual([]);
    ({ context, page } = await openPage(browser));
    await stubPushManager(context);

    // First visit: undecided, so the prompt asks; the visitor allows.
    const first = consoleOf(page);
    await page.goto(site);
    await waitForSplashToGo(page);
    const yes = page.getByRole('dialog').getByRole('button', { name: NOTIFY_YES });
    await yes.waitFor();
    await context.grantPermissions(['notifications'], { origin: site });
    const posted = page.waitForResponse((r) => r.url() === `${config.notifyUrl}/subscriptions` && r.request().method() === 'POST');
    await yes.click();
    await first.waitFor('Subscription saved to Firebase.');
    // The notify service stored it (the page cannot write subscriptions itself).
    const answer = await posted;
    expect({ status: answer.status(), body: await answer.json() }).toEqual({
      status: 201,
      body: { status: 'saved', key: subscriptionKey(endpoint) },
    });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope)).toBe(`${site}/`);
    const calls = await page.evaluate(() => JSON.parse(localStorage.getItem('e2e.pushSubscribeCalls') ?? '[]') as SubscribeCall[]);
    expect(calls).toEqual([{ key: config.vapidPublicKey, userVisibleOnly: true }]);

    // Second visit: already allowed, so no prompt; the same subscription is found, not added.
    page = await context.newPage();
    const second = consoleOf(page);
    await page.goto(site);
    await waitForSplashToGo(page);
    await second.waitFor('Subscription already exists in Firebase.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(second.lines).not.toContain('Subscription saved to Firebase.');
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('e2e.pushSubscribeCalls') ?? '[]') as unknown[]).length)).toBe(1);

    expect(await ourEntries()).toEqual([subscriptionKey(endpoint)]);
  });

  it("the admin's test notification and a published result reach the service worker, which shows them", async () => {
    const cdp = await context.newCDPSession(page);
    const worker = await watchServiceWorker(cdp, site);

    // The dashboard's "Send Test Notification" call, as the admin.
    const token = await signIn(auth, admin.email, admin.password);
    const before = push.for('/e2e-browser').length;
    const response = await fetch(`${config.notifyUrl}/send-test`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await response.text()).toMatch(/^Test notification sent to [1-9]\d* subscribers?\./);
    const test = await nextPush('test', before);
    const shownTest = await deliverPush(cdp, page, site, worker, test.plaintext, TEST_TITLE);
    expect(shownTest.icon).toBe(`${site}/icons/notification-192.png`);

    // Today's number, written by the admin: the notify service announces it by itself, once it
    // watches the game (it re-reads the game list now and then; the seed came after its start).
    // Its first number today, not a correction: the number went in beforeAll, and an announcement
    // of the seed's number made before that (or under way then, long finished now) is forgotten.
    await waitUntilWatched(GAME);
    expect(await rest(database, 'GET', `sattanamee/${GAME}/${TODAY}`)).toBeNull();
    await rest(database, 'DELETE', `notifyState/sent/${TODAY}/${GAME}`);
    const number = '37';
    const beforeResult = push.for('/e2e-browser').length;
    await rest(database, 'PUT', `sattanamee/${GAME}/${TODAY}/number`, number, token);
    const result = await nextPush('result', beforeResult, GAME);
    expect(result.request.headers.urgency).toBe('high');
    const shown = await deliverPush(cdp, page, site, worker, result.plaintext, `${GAME}: ${number}`);
    expect(shown.body).toContain(`${GAME} — ${number}`);
    expect(shown.tag).toBe(`result-${TODAY}-${GAME}`);
    expect(shown.data).toMatchObject({ url: '/', kind: 'result', game: GAME, number, date: TODAY });
    await cdp.detach();
  });
});
