/*
 * The site's service worker, served at /sw.js with scope '/'. It does one job: push
 * notifications. No fetch handler: pages and data always come from the network, so a
 * deployment never leaves visitors on a stale cached site.
 *
 * A push carries JSON from server/notify (src/payload.ts):
 *   { kind, title, body, icon, tag, url, game?, number?, date? }
 * Anything else (plain text, or a push without data) still shows a notification, because a
 * push with userVisibleOnly must always show one.
 */
const SITE_TITLE = 'सट्टा रिज़ल्ट';
const DEFAULT_ICON = '/icons/notification-192.png';

self.addEventListener('install', () => {
  // A new worker takes over at once: it only shows notifications, there is no cache to migrate.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
  // The same tag replaces an older notification (a corrected number); renotify makes it heard.
  if (tag) Object.assign(options, { tag, renotify: true });
  event.waitUntil(self.registration.showNotification(title, options));
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
