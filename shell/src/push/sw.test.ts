import { describe, expect, it, vi } from 'vitest';
import SOURCE from '../../public/sw.js?raw';

/*
 * shell/public/sw.js is served as written (no build step), so it is tested as written: loaded
 * as a function of a fake service-worker global whose registration and clients record what it does.
 */
const SCOPE = 'https://site.example/';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
}

type Handler = (event: Record<string, unknown>) => void;

function loadWorker(
  windows: FakeClient[] = [],
  network: (url: string, init?: RequestInit) => Promise<Response> = async () => new Response(),
) {
  const handlers = new Map<string, Handler>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const renewed = { toJSON: () => ({ endpoint: 'https://push.example/renewed', keys: { p256dh: 'p2', auth: 'a2' } }) };
  const subscribe = vi.fn(async (_options: unknown) => renewed);
  const fetch = vi.fn(network);
  const self = {
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    fetch,
    registration: { scope: SCOPE, showNotification, pushManager: { subscribe } },
    clients: { claim: vi.fn(async () => undefined), matchAll: vi.fn(async () => windows), openWindow },
    location: { origin: 'https://site.example' },
  };
  // The worker's only globals are `self`, URL and console; nothing else of the test leaks in.
  new Function('self', 'URL', 'console', SOURCE)(self, URL, console);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === null
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
              text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
            },
    });
  const click = (data: unknown) => {
    const notification = { data, close: vi.fn() };
    return dispatch('notificationclick', { notification }).then(() => notification);
  };
  return { showNotification, openWindow, push, click, self, dispatch, fetch, subscribe };
}

describe('service worker', () => {
  it("shows a result push with its title, body, icon, the game and number, replacing that game's earlier notification", async () => {
    const sw = loadWorker();
    await sw.push({
      kind: 'result',
      title: 'Gali: 42',
      body: 'आज का रिज़ल्ट (21-11-2026): Gali — 42',
      icon: '/icons/n.png',
      tag: 'result-2026-11-21-Gali',
      url: '/',
      game: 'Gali',
      number: '42',
      date: '2026-11-21',
    });
    expect(sw.showNotification).toHaveBeenCalledWith('Gali: 42', {
      body: 'आज का रिज़ल्ट (21-11-2026): Gali — 42',
      icon: '/icons/n.png',
      badge: '/icons/notification-192.png',
      lang: 'hi',
      tag: 'result-2026-11-21-Gali',
      renotify: true,
      data: { url: '/', kind: 'result', game: 'Gali', number: '42', date: '2026-11-21' },
    });
  });

  it('still shows something for a push without JSON or without data', async () => {
    const sw = loadWorker();
    await sw.push('plain words');
    await sw.push(null);
    await sw.push({ game: 'Disawar', number: '05' });
    const titles = sw.showNotification.mock.calls.map((call: unknown[]) => call[0]);
    expect(titles).toEqual(['सट्टा रिज़ल्ट', 'सट्टा रिज़ल्ट', 'Disawar: 05']);
    expect((sw.showNotification.mock.calls[0] as unknown[])[1]).toMatchObject({ body: 'plain words', icon: '/icons/notification-192.png' });
    expect((sw.showNotification.mock.calls[2] as unknown[])[1]).not.toHaveProperty('tag');
  });

  it('passes on the number a correction replaces', async () => {
    const sw = loadWorker();
    await sw.push({ kind: 'result', title: 'Gali: 97 → 42 (संशोधित)', game: 'Gali', number: '42', was: '97', tag: 't' });
    expect(sw.showNotification).toHaveBeenCalledWith(
      'Gali: 97 → 42 (संशोधित)',
      expect.objectContaining({ data: { url: '/', kind: 'result', game: 'Gali', number: '42', date: '', was: '97' } }),
    );
  });

  it('subscribes again when the push service replaced the subscription, naming the old endpoint so its games move', async () => {
    const config = { notifyUrl: 'https://notify.example/', vapidPublicKey: 'BKey' };
    const sw = loadWorker([], async (url) => (url === '/config.json' ? Response.json(config) : new Response('{}', { status: 201 })));
    await sw.dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.example/old', options: {} },
      newSubscription: null,
    });
    expect(sw.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BKey' });
    const [url, init] = sw.fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('https://notify.example/subscriptions');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      endpoint: 'https://push.example/renewed',
      keys: { p256dh: 'p2', auth: 'a2' },
      previous: 'https://push.example/old',
    });
  });

  it('on click focuses a tab already on the page', async () => {
    const other = { url: 'https://site.example/chart', focus: vi.fn() };
    const home = { url: 'https://site.example/', focus: vi.fn() };
    const sw = loadWorker([other, home]);
    const notification = await sw.click({ url: '/' });
    expect(notification.close).toHaveBeenCalled();
    expect(home.focus).toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });

  it("on click brings forward any tab of the site as it is, and ignores other sites' tabs", async () => {
    const dashboard = { url: 'https://site.example/dashboard', focus: vi.fn() };
    const sw = loadWorker([{ url: 'https://other.example/', focus: vi.fn() }, dashboard]);
    await sw.click({ url: '/' });
    expect(dashboard.focus).toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });

  it('on click opens the site when no tab of it is open', async () => {
    const sw = loadWorker([{ url: 'https://other.example/', focus: vi.fn() }]);
    await sw.click(undefined);
    expect(sw.openWindow).toHaveBeenCalledWith('https://site.example/');
  });
});
