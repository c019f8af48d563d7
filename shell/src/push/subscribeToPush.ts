import type { PushSubscriptionData } from '@satta/shared/data';
import { decodeApplicationServerKey, isSameKey } from './applicationServerKey.ts';
import { subscriptionData } from './subscriptionData.ts';

export interface PushDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'ready'>;
  vapidPublicKey: string | undefined;
  /** The endpoint this browser's subscription had when it was last stored (lastEndpoint.ts), if known. */
  previousEndpoint?: string | null;
  /**
   * Hands it to the notify service (notifyApi.ts: postSubscription), which stores it once, and
   * logs the specification's lines from the answer. `previous` is the endpoint it replaces, when
   * the browser's push service rotated it or the server's key changed, so its games move with it.
   */
  save(subscription: PushSubscriptionData, previous: string | null): Promise<unknown>;
}

/**
 * What follows a granted permission (docs/product.md, Push notifications): register /sw.js for
 * the whole site, subscribe with the server's VAPID key (reusing the browser's subscription when
 * it was made with the same key), and store it through the notify service, naming the endpoint
 * it replaces when it changed. It never throws: every failure is logged and the page carries on.
 */
export async function subscribeToPush(deps: PushDeps): Promise<PushSubscriptionData | null> {
  if (!deps.vapidPublicKey) {
    console.warn('push: no vapidPublicKey in /config.json; not subscribing');
    return null;
  }
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = decodeApplicationServerKey(deps.vapidPublicKey);
  } catch (error) {
    console.error('push: unusable vapidPublicKey in /config.json', error);
    return null;
  }
  let registration: ServiceWorkerRegistration;
  try {
    await deps.serviceWorker.register('/sw.js', { scope: '/' });
    // subscribe() needs an active worker; `ready` waits for it.
    registration = await deps.serviceWorker.ready;
  } catch (error) {
    console.error('push: service worker registration failed', error);
    return null;
  }
  let data: PushSubscriptionData;
  let previous = deps.previousEndpoint ?? null;
  try {
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !isSameKey(subscription.options.applicationServerKey, key)) {
      previous ??= subscription.endpoint;
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    data = subscriptionData(subscription);
  } catch (error) {
    console.error('push: subscription failed', error);
    return null;
  }
  try {
    await deps.save(data, previous === data.endpoint ? null : previous);
  } catch (error) {
    console.error('push: could not store the subscription', error);
  }
  return data;
}
