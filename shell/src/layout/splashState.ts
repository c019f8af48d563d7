import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * true once the splash has gone, so that nothing (e.g. the notification prompt) covers it; true
 * on the server, which renders no splash.
 *
 * A store, not a context: a context that changes above a part of the page React has not
 * hydrated yet (a widget whose code is still loading) makes React hydrate that part at once, in
 * one piece, when the splash ends. On the chart page that was a 250 ms task on a slow phone.
 */
export function useSplashDone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => splashRemainingMs() === 0,
    () => true,
  );
}

/** Tells the parts that wait for the splash (useSplashDone) that it has gone. */
export function splashEnded(): void {
  for (const listener of listeners) listener();
}

/**
 * The splash itself is in index.html: a small script at the top of <body> draws it on the first
 * page view of a browser session (remembered under this sessionStorage key), before anything is
 * painted, and removes it after SPLASH_MS. It records when, for the app.
 */
export const SPLASH_SEEN_KEY = 'satta.splash.seen';
export const SPLASH_ID = 'satta-splash';
export const SPLASH_END_ATTRIBUTE = 'data-splash-end';

/** Milliseconds until the page's splash goes (performance.now() time); 0 if there is none. */
export function splashRemainingMs(doc: Document = document, now: number = performance.now()): number {
  if (!doc.getElementById(SPLASH_ID)) return 0;
  const end = Number(doc.documentElement.getAttribute(SPLASH_END_ATTRIBUTE));
  return Number.isFinite(end) ? Math.max(0, end - now) : 0;
}
