import type { PushSubscriptionData } from '@satta/shared/data';
import { decodeApplicationServerKey, isSameKey } from './applicationServerKey.ts';
import { subscriptionData } from './subscriptionData.ts';

export interface PushDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'ready'>;
  vapidPublicKey: string | undefined;
  /**
   * dataService().saveSubscription: hands it to the notify service, which stores it once, and
   * logs the specification's lines from the answer.
   */
  save(subscription: PushSubscriptionData): Promise<unknown>;
}

/**
 * What follows a granted permission (docs/product.md, Push notifications): register /sw.js for
 * the whole site, subscribe with the server's VAPID key (reusing the browser's subscription when
 * it was made with the same key), and store it through the notify service. It never throws:
 * every failure is logged and the page carries on.
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
  try {
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !isSameKey(subscription.options.applicationServerKey, key)) {
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
    await deps.save(data);
  } catch (error) {
    console.error('push: could not store the subscription', error);
  }
  return data;
}
