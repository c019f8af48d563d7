import type { PushSubscriptionData } from '@satta/shared/data';

/**
 * Hands the subscription to the notify service as well (SPEC 7: "passed to a helper that sends
 * it to the backend"): POST {notifyUrl}/subscriptions. The service stores it only if the page's
 * own write did not, so a page whose database write failed is still reached. Failures are
 * logged, never shown.
 */
export async function sendSubscriptionToServer(
  notifyUrl: string | undefined,
  subscription: PushSubscriptionData,
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  if (!notifyUrl) {
    console.info('push: no notifyUrl in /config.json; the subscription was not sent to the notify service');
    return;
  }
  try {
    const response = await fetchFn(`${notifyUrl.replace(/\/+$/, '')}/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscription),
    });
    if (!response.ok) console.warn(`push: the notify service refused the subscription: HTTP ${response.status} ${await response.text()}`);
  } catch (error) {
    console.warn('push: could not reach the notify service', error);
  }
}
