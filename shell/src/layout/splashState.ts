import { createContext, useContext } from 'react';

/** true once the splash has gone, so that nothing (e.g. the notification prompt) covers it. */
export const SplashDoneContext = createContext(true);

export function useSplashDone(): boolean {
  return useContext(SplashDoneContext);
}

export const SPLASH_SEEN_KEY = 'satta.splash.seen';

/**
 * The splash greets the first page view of a browser session only: later page loads in the
 * same tab (the reload button, a typed URL, a link) go straight to the results.
 */
export function splashSeenThisSession(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(SPLASH_SEEN_KEY) === '1';
  } catch {
    // Blocked storage (privacy modes): no memory, so the splash cannot be known as seen.
    return false;
  }
}

export function rememberSplashSeen(storage: Pick<Storage, 'setItem'> | null): void {
  try {
    storage?.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // See splashSeenThisSession.
  }
}

/** sessionStorage, or null where touching it throws. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
