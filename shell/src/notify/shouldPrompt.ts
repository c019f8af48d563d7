/** What the notification prompt needs to know about the browser (SPEC 4). */
export interface PushEnvironment {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** `Notification.permission`, or null when the Notification API is missing. */
  permission: NotificationPermission | null;
  /** The visitor already answered 'नहीं, फिर कभी' in this browser session. */
  dismissedThisSession: boolean;
}

/** The prompt is for browsers that can do push and have not been asked yet. */
export function shouldPrompt(env: PushEnvironment): boolean {
  return env.hasServiceWorker && env.hasPushManager && env.permission === 'default' && !env.dismissedThisSession;
}

export const DISMISSED_KEY = 'satta.notifyPrompt.dismissed';

export function readPushEnvironment(): PushEnvironment {
  let dismissed = false;
  try {
    dismissed = sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    // Storage can be blocked (privacy modes); then the prompt simply may show again.
  }
  return {
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    permission: 'Notification' in window ? Notification.permission : null,
    dismissedThisSession: dismissed,
  };
}

export function rememberDismissal(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // See readPushEnvironment.
  }
}
