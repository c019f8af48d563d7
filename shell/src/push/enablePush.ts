import { subscribeThisBrowser } from './browserPush.ts';

/**
 * The prompt's "yes": ask the browser for permission and, once granted, register the
 * service worker and subscribe. Failures are only logged. See docs/product.md, Push notifications.
 */
export async function enablePush(): Promise<NotificationPermission> {
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    console.error('push: could not ask for notification permission', error);
    return 'default';
  }
  console.info(`push: notification permission ${permission}`);
  if (permission === 'granted') await subscribeThisBrowser();
  return permission;
}
