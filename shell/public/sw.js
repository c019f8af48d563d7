/*
 * The site's service worker, served at /sw.js with scope '/'. Two jobs:
 *
 * 1. Push notifications (the push, notificationclick and pushsubscriptionchange handlers below).
 * 2. Repeat visits and offline: it keeps the app shell, the remotes and the pages the visitor
 *    saw, so a later visit paints the last results at once, even without a network.
 *    - content-hashed files (name-XXXXXXXX.js under /assets/ or a remote): cache first, they
 *      never change;
 *    - pages, remoteEntry.js, /config.json and other files: stale-while-revalidate, so a
 *      deployment reaches the visitor on the visit after the one that fetched it;
 *    - everything else (the database, the notify service, Auth, POSTs): never touched.
 *    The first visit is not served by the worker (it starts afterwards), so the page sends the
 *    addresses it used ('warm' message) and the worker caches them.
 *
 * A push carries JSON from server/notify (src/payload.ts):
 *   { kind, title, body, icon, tag, url, game?, number?, date?, was? }
 * Anything else (plain text, or a push without data) still shows a notification, because a
 * push with userVisibleOnly must always show one.
 */
const SITE_TITLE = 'सट्टा रिज़ल्ट';
const DEFAULT_ICON = '/icons/notification-192.png';

/** Bump VERSION to drop every cache of older workers. */
const VERSION = 'v1';
const HASHED_CACHE = `satta-hashed-${VERSION}`;
const SHELL_CACHE = `satta-shell-${VERSION}`;
const CACHES = [HASHED_CACHE, SHELL_CACHE];
/** Vite's content-hashed file names: name-[8 characters].ext */
const HASHED_FILE = /-[A-Za-z0-9_-]{8}\.(?:js|mjs|css|woff2?|png|svg|webp)$/;

/**
 * How a GET is served: 'hashed' (cache first), 'revalidate' (stale-while-revalidate), or
 * null (straight to the network, untouched). Of other origins only a remote's files: the
 * database, notify and Auth never have hashed names or a remoteEntry.js.
 */
function strategyFor(url, mode) {
  if (HASHED_FILE.test(url.pathname)) return 'hashed';
  if (url.pathname.endsWith('/remoteEntry.js')) return 'revalidate';
  if (url.origin !== self.location.origin) return null;
  if (mode === 'navigate' || url.pathname === '/config.json') return 'revalidate';
  // The worker itself is the browser's to update; /__/ are Firebase Hosting's reserved paths.
  if (url.pathname === '/sw.js' || url.pathname.startsWith('/__/')) return null;
  return /\.(?:js|css|json|webmanifest|woff2?|png|svg|ico|txt)$/.test(url.pathname) ? 'revalidate' : null;
}

/** Pages are kept per path: a query string (a retry counter, a campaign tag) is not a new page. */
function cacheKey(url, strategy, mode) {
  if (mode === 'navigate') return url.origin + url.pathname;
  return strategy === 'hashed' ? url.origin + url.pathname : url.href;
}

async function cacheFirst(request, key) {
  const cache = await self.caches.open(HASHED_CACHE);
  const cached = await cache.match(key);
  if (cached) return cached;
  const response = await self.fetch(request);
  if (response.ok) await cache.put(key, response.clone());
  return response;
}

/** The cached copy at once (refreshed in the background), else the network, else any page. */
async function staleWhileRevalidate(event, key, isPage) {
  const cache = await self.caches.open(SHELL_CACHE);
  const cached = await cache.match(key);
  const network = self.fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(key, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return isPage ? markedCopy(cached) : cached;
  }
  try {
    return await network;
  } catch (error) {
    // Offline on a page not seen before: the shell of one that was (it routes on the client).
    const fallback = isPage ? (await cache.match(`${self.location.origin}/`)) || (await anyPage(cache)) : undefined;
    if (fallback) return markedCopy(fallback);
    throw error;
  }
}

/**
 * A page from this cache, marked `<html data-page-copy>`: its numbers may be hours old, so the
 * app marks them as cached at once (a page fresh from the server is only marked if the live
 * answer is late; see shared/ui/StaleBadge.tsx).
 */
async function markedCopy(response) {
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html.replace('<html', '<html data-page-copy=""'), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function anyPage(cache) {
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response && (response.headers.get('content-type') || '').includes('text/html')) return response;
  }
  return undefined;
}

/** Stores what the page used before this worker served it (see the 'warm' message). */
async function warm(urls, page) {
  const jobs = [];
  for (const href of urls) {
    let url;
    try {
      url = new URL(href, self.location.origin);
    } catch {
      continue;
    }
    const mode = href === page ? 'navigate' : 'no-cors';
    const strategy = strategyFor(url, mode);
    if (!strategy) continue;
    const cache = await self.caches.open(strategy === 'hashed' ? HASHED_CACHE : SHELL_CACHE);
    const key = cacheKey(url, strategy, mode);
    if (await cache.match(key)) continue;
    jobs.push(
      self
        // From the HTTP cache, which has what the page just fetched: warming costs no download.
        .fetch(url.href, {
          credentials: 'same-origin',
          mode: url.origin === self.location.origin ? 'same-origin' : 'cors',
          cache: 'force-cache',
        })
        .then((response) => (response.ok ? cache.put(key, response) : undefined))
        .catch(() => undefined),
    );
  }
  await Promise.all(jobs);
}

self.addEventListener('install', () => {
  // A new worker takes over at once; its caches have their own names, the old ones go below.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = self.caches ? await self.caches.keys() : [];
      await Promise.all(
        names.filter((name) => name.startsWith('satta-') && !CACHES.includes(name)).map((name) => self.caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const strategy = strategyFor(url, request.mode);
  if (!strategy) return;
  const key = cacheKey(url, strategy, request.mode);
  event.respondWith(strategy === 'hashed' ? cacheFirst(request, key) : staleWhileRevalidate(event, key, request.mode === 'navigate'));
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'warm' || !Array.isArray(data.urls)) return;
  const page = typeof data.page === 'string' ? data.page : '';
  event.waitUntil(warm(page ? [page, ...data.urls] : data.urls, page));
});

/** The payload as an object, whatever arrived. */
function readPush(data) {
  if (!data) return {};
  try {
    const value = data.json();
    if (value && typeof value === 'object') return value;
    return { body: String(value) };
  } catch {
    return { body: data.text() };
  }
}

const text = (value, fallback) => (typeof value === 'string' && value.trim() ? value : fallback);

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  const game = text(push.game, '');
  const number = text(push.number, '');
  const title = text(push.title, game && number ? `${game}: ${number}` : SITE_TITLE);
  const tag = text(push.tag, '');
  const options = {
    body: text(push.body, game && number ? `${game} — ${number}` : ''),
    icon: text(push.icon, DEFAULT_ICON),
    badge: DEFAULT_ICON,
    lang: 'hi',
    data: { url: text(push.url, '/'), kind: text(push.kind, ''), game, number, date: text(push.date, '') },
  };
  // A correction also says which number it replaces.
  if (text(push.was, '')) options.data.was = push.was;
  // The same tag replaces an older notification (a corrected number); renotify makes it heard.
  if (tag) Object.assign(options, { tag, renotify: true });
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * The push service replaced the subscription (its keys rotated, or it expired). Subscribe again
 * with the site's key and hand the new one to the notify service with the old endpoint as
 * `previous`: the games chosen for the old one move to it. The page does the same on its next
 * visit when it finds an endpoint other than the one it stored last; whichever comes second
 * finds nothing left to move.
 */
async function resubscribe(oldSubscription, newSubscription) {
  const response = await self.fetch('/config.json', { cache: 'no-cache' });
  const config = await response.json();
  if (!config || typeof config.notifyUrl !== 'string' || !config.notifyUrl) return;
  const subscription =
    newSubscription ||
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: config.vapidPublicKey || (oldSubscription && oldSubscription.options.applicationServerKey),
    }));
  const json = subscription.toJSON();
  const body = { endpoint: json.endpoint, keys: json.keys };
  if (oldSubscription && oldSubscription.endpoint && oldSubscription.endpoint !== json.endpoint) body.previous = oldSubscription.endpoint;
  const answer = await self.fetch(`${config.notifyUrl.replace(/\/+$/, '')}/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`the notify service refused the renewed subscription: HTTP ${answer.status}`);
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    resubscribe(event.oldSubscription, event.newSubscription).catch((error) =>
      console.error('push: could not renew the subscription', error),
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.registration.scope);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.filter((client) => new URL(client.url).origin === target.origin);
      // A tab already on the page wins; otherwise any tab of the site is brought forward as it
      // is (the admin's half-filled form is not navigated away); otherwise a new tab opens.
      const existing = ours.find((client) => client.url === target.href) || ours[0];
      if (existing && 'focus' in existing) return existing.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
