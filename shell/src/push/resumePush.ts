import { pushSupported, subscribeThisBrowser } from './browserPush.ts';

/**
 * The silent path: when notifications are already allowed, register and subscribe on
 * load without asking. This also re-stores a subscription the browser renewed or the server
 * lost, and moves it to a new VAPID key. See docs/product.md, Push notifications.
 */
export function resumePush(): void {
  if (pushSupported() && Notification.permission === 'granted') void subscribeThisBrowser();
}
