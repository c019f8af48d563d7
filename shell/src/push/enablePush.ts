/**
 * The boundary between the notification prompt and push delivery. Today it asks the browser
 * for permission. The push-notification issue fills in what follows a grant, all in this file:
 * register /sw.js, subscribe with the VAPID key of /config.json, and store the subscription with
 * `dataService().saveSubscription(...)` (SPEC 4 and 7).
 */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  console.info(`push: notification permission ${permission}`);
  return permission;
}
