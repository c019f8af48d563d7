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
    () => !splashShowing(),
    () => true,
  );
}

/** Tells the parts that wait for the splash (useSplashDone) that it has gone. */
export function splashEnded(): void {
  for (const listener of listeners) listener();
}

/**
 * The splash itself is in index.html: a small script at the top of <body> puts it in on the first
 * page view of a browser session (remembered under this sessionStorage key), so that it is in the
 * page's first paint, and removes it SPLASH_MS after that paint. The app follows it by its
 * presence, not by a clock: when the first paint comes is the browser's business.
 */
export const SPLASH_SEEN_KEY = 'satta.splash.seen';
export const SPLASH_ID = 'satta-splash';

/** Whether the page's splash is up. */
export function splashShowing(doc: Document = document): boolean {
  return doc.getElementById(SPLASH_ID) !== null;
}
