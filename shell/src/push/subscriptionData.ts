import type { PushSubscriptionData } from '@satta/shared/data';

/** The stored form of a browser subscription: its endpoint and keys, from toJSON(). */
export function subscriptionData(subscription: PushSubscription): PushSubscriptionData {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('the push subscription has no endpoint or keys');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}
