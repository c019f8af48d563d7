import { dataService, type PushSubscriptionData } from '@satta/shared/data';
import { subscribeToPush } from './subscribeToPush.ts';

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

let running: Promise<PushSubscriptionData | null> | undefined;

/**
 * subscribeToPush with this page's browser and data service, at most once per page load: the
 * silent path on load and a click on the prompt must not store the subscription twice.
 */
export function subscribeThisBrowser(): Promise<PushSubscriptionData | null> {
  running ??= (async () => {
    const service = dataService();
    return subscribeToPush({
      serviceWorker: navigator.serviceWorker,
      vapidPublicKey: service.config.vapidPublicKey,
      save: (subscription) => service.saveSubscription(subscription),
    });
  })().catch((error: unknown) => {
    console.error('push: could not subscribe', error);
    return null;
  });
  return running;
}
