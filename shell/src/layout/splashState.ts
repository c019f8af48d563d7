import { createContext, useContext } from 'react';

/** true once the splash has gone, so that nothing (e.g. the notification prompt) covers it. */
export const SplashDoneContext = createContext(true);

export function useSplashDone(): boolean {
  return useContext(SplashDoneContext);
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
