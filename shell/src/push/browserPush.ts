import { dataService, type PushSubscriptionData } from '@satta/shared/data';
import { setPushFollow } from '@satta/shared/ui';
import { postSubscription, type NotifyCall } from './notifyApi.ts';
import { subscribeToPush } from './subscribeToPush.ts';

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * The endpoint of the subscription this browser last stored. When the browser hands out another
 * one (its push service rotated the keys, or the site's VAPID key changed), the page names this
 * one as `previous`, so the games chosen for it move to the new one.
 */
export const LAST_ENDPOINT_KEY = 'satta.push.endpoint';

export function readLastEndpoint(): string | null {
  try {
    return localStorage.getItem(LAST_ENDPOINT_KEY);
  } catch {
    // Storage can be blocked (privacy modes); then choices are not carried over a rotation.
    return null;
  }
}

function rememberEndpoint(endpoint: string): void {
  try {
    localStorage.setItem(LAST_ENDPOINT_KEY, endpoint);
  } catch {
    // See readLastEndpoint.
  }
}

/** The page's way to the notify service. */
export function notifyCall(): NotifyCall {
  return { notifyUrl: dataService().config.notifyUrl, fetch: (...args) => fetch(...args) };
}

let stored: PushSubscriptionData | null = null;

/** The subscription the notify service stored during this page load, if any: its endpoint proves it when choosing games. */
export function storedSubscription(): PushSubscriptionData | null {
  return stored;
}

let running: Promise<PushSubscriptionData | null> | undefined;
/** Whether the attempt in `running` has stored the subscription (false while it runs). */
let succeeded = false;

/**
 * subscribeToPush with this page's browser and the notify service, at most once per page load:
 * the silent path on load and a click on the prompt must not store the subscription twice. Once
 * stored, the page knows which games it follows (the service's answer) and shows the bells.
 * `again`: a visitor's own "yes" or "try again" starts a new attempt unless one has succeeded
 * (one that failed, or still hangs on an unreachable push service, is left behind).
 */
export function subscribeThisBrowser({ again = false }: { again?: boolean } = {}): Promise<PushSubscriptionData | null> {
  if (again && !succeeded) running = undefined;
  running ??= (async () => {
    const call = notifyCall();
    return subscribeToPush({
      serviceWorker: navigator.serviceWorker,
      vapidPublicKey: dataService().config.vapidPublicKey,
      previousEndpoint: readLastEndpoint(),
      save: async (subscription, previous) => {
        const saved = await postSubscription(call, subscription, previous);
        rememberEndpoint(subscription.endpoint);
        stored = subscription;
        succeeded = true;
        setPushFollow({ active: true, games: saved.games });
        return saved;
      },
    });
  })().catch((error: unknown) => {
    console.error('push: could not subscribe', error);
    return null;
  });
  return running;
}
