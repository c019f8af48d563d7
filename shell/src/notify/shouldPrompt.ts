/**
 * What the notification prompt needs to know about the browser
 * (docs/product.md, Push notifications).
 */
export interface PushEnvironment {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** `Notification.permission`, or null when the Notification API is missing. */
  permission: NotificationPermission | null;
  /** The visitor answered 'नहीं, फिर कभी' in this browser less than DISMISS_DAYS ago. */
  dismissed: boolean;
}

/** The prompt is for browsers that can do push and have not been asked yet. */
export function shouldPrompt(env: PushEnvironment): boolean {
  return env.hasServiceWorker && env.hasPushManager && env.permission === 'default' && !env.dismissed;
}

/** A refusal holds for this long in this browser, across tabs and sessions. */
export const DISMISS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Holds the time (ms since 1970) of the last refusal. */
export const DISMISSED_KEY = 'satta.notifyPrompt.dismissedAt';

/**
 * Whether a stored refusal still holds at `now`. A time more than a day ahead of the clock is
 * garbage (or a clock moved far back) and must not silence the prompt for ever.
 */
export function dismissalHolds(stored: string | null, now: number): boolean {
  if (stored === null) return false;
  const at = Number(stored);
  if (!Number.isFinite(at)) return false;
  const age = now - at;
  return age < DISMISS_DAYS * DAY_MS && age > -DAY_MS;
}

export function readPushEnvironment(now = Date.now()): PushEnvironment {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(DISMISSED_KEY);
  } catch {
    // Storage can be blocked (privacy modes); then the prompt simply may show again.
  }
  return {
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    permission: 'Notification' in window ? Notification.permission : null,
    dismissed: dismissalHolds(stored, now),
  };
}

export function rememberDismissal(now = Date.now()): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(now));
  } catch {
    // See readPushEnvironment.
  }
}

/** The prompt waits until the results have been on screen this long. */
export const PROMPT_AFTER_RESULTS_MS = 4000;
/** A page whose results do not come (none on it, or failing) is asked this long after the splash. */
export const NO_RESULTS_WAIT_MS = 10_000;

/**
 * When the prompt may open (on the `performance.now()` clock), or null while the splash is
 * still up: never over the splash, and only once the visitor has had time to read the results.
 */
export function promptDueAt(splashGoneAt: number | null, firstResultAt: number | null): number | null {
  if (splashGoneAt === null) return null;
  if (firstResultAt === null) return splashGoneAt + NO_RESULTS_WAIT_MS;
  return Math.max(splashGoneAt, firstResultAt) + PROMPT_AFTER_RESULTS_MS;
}
