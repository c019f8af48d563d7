import type { PushSubscriptionData } from '@satta/shared/data';

/*
 * The page's calls to the notify service (server/notify) about this browser's subscription:
 * storing it (with the endpoint it replaces, so the games chosen move with it) and choosing its
 * games. The endpoint is the proof of holding the subscription, so it only ever travels in a
 * request body.
 */

/** How long a call may take before the page gives up (the service bounds its own work). */
export const NOTIFY_CALL_TIMEOUT_MS = 30_000;

export interface NotifyCall {
  /** `notifyUrl` of /config.json. */
  notifyUrl: string | undefined;
  fetch: typeof fetch;
}

export interface SavedSubscription {
  status: 'saved' | 'exists';
  /** null: every game; otherwise the games this subscription follows. */
  games: string[] | null;
}

function url(call: NotifyCall, path: string): string {
  if (!call.notifyUrl) throw new Error('No notify service configured (notifyUrl in /config.json).');
  return `${call.notifyUrl.replace(/\/+$/, '')}${path}`;
}

function gamesOf(body: unknown): string[] | null {
  const games = typeof body === 'object' && body !== null ? (body as { games?: unknown }).games : undefined;
  return Array.isArray(games) ? games.filter((name): name is string => typeof name === 'string') : null;
}

/**
 * Hands the subscription to the notify service, the only writer of subscriptions, which stores
 * an endpoint once (201 saved, 200 exists) and answers the games it follows; the
 * specification's log lines follow its answer. `previous` is the endpoint this browser held
 * before, when it changed: the service moves that one's games to this one.
 */
export async function postSubscription(
  call: NotifyCall,
  subscription: PushSubscriptionData,
  previous: string | null = null,
): Promise<SavedSubscription> {
  const response = await call.fetch(url(call, '/subscriptions'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(previous && previous !== subscription.endpoint ? { ...subscription, previous } : subscription),
    signal: AbortSignal.timeout(NOTIFY_CALL_TIMEOUT_MS),
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`The notify service refused the subscription: HTTP ${response.status} ${await response.text()}`);
  }
  const games = gamesOf(await response.json().catch(() => null));
  if (response.status === 201) {
    console.log('Subscription saved to Firebase.');
    return { status: 'saved', games };
  }
  console.log('Subscription already exists in Firebase.');
  return { status: 'exists', games };
}

/** Sets the games the subscription with this endpoint follows (null: every game); answers what was stored. */
export async function putGames(call: NotifyCall, endpoint: string, games: readonly string[] | null): Promise<string[] | null> {
  const response = await call.fetch(url(call, '/subscriptions/games'), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, games }),
    signal: AbortSignal.timeout(NOTIFY_CALL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The notify service did not save the games: HTTP ${response.status} ${await response.text()}`);
  return gamesOf(await response.json());
}
