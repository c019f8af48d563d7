import { getPushFollow } from '@satta/shared/ui';
import { subscribeThisBrowser } from './browserPush.ts';

/**
 * How long the subscription may take once the permission is granted before the visitor is told
 * it did not work: a push service that cannot be reached makes the browser's subscribe() hang
 * without an error, and the notify service may not answer either. Under 10 s, with time to show it.
 */
export const PUSH_PATIENCE_MS = 8_000;

/** What the prompt's "yes" came to. */
export type EnableOutcome =
  /** Subscribed, and the notify service stored it. */
  | 'subscribed'
  /** The browser's permission was refused or not given: nothing more to say. */
  | 'not-allowed'
  /** Allowed, but the subscription failed or did not finish in time: the visitor is told. */
  | 'failed';

/**
 * The prompt's "yes" (and its "try again"): ask the browser for permission and, once granted,
 * register the service worker, subscribe and store the subscription, within PUSH_PATIENCE_MS.
 * See docs/product.md, Push notifications.
 */
export async function enablePush(patienceMs = PUSH_PATIENCE_MS): Promise<EnableOutcome> {
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    console.error('push: could not ask for notification permission', error);
    return 'not-allowed';
  }
  console.info(`push: notification permission ${permission}`);
  if (permission !== 'granted') return 'not-allowed';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), patienceMs)));
  const result = await Promise.race([subscribeThisBrowser({ again: true }), stalled]);
  clearTimeout(timer);
  if (result === 'stalled') {
    console.warn(`push: the subscription did not finish within ${patienceMs / 1000} s`);
    return 'failed';
  }
  return result !== null && getPushFollow().active ? 'subscribed' : 'failed';
}
