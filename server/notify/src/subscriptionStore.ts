import type { Database } from 'firebase-admin/database';
import type { Target } from './fanOut.ts';
import { parseSubscription, subscriptionKey, type Subscription } from './subscription.ts';
import { withTimeout } from './timeout.ts';
import { WEB_PUSH_SUBSCRIPTIONS } from '@satta/shared/data/paths';

const ROOT = WEB_PUSH_SUBSCRIPTIONS;

/**
 * webPushSubscriptions/{key} through firebase-admin (which the rules do not restrict): the list
 * for a fan-out, create-once for POST /subscriptions, removal of gone ones. Reads and the save
 * reject with a BackendTimeoutError after `timeoutMs`: firebase-admin's get() and transaction()
 * wait for a connection forever, and a caller is waiting for an answer.
 */
export function subscriptionStore(db: Database, options: { timeoutMs: number; log?: (line: string) => void }) {
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    /** Every stored subscription that is well formed; malformed entries are logged and left alone. */
    async list(timeoutMs = options.timeoutMs): Promise<Target[]> {
      const snapshot = await withTimeout(db.ref(ROOT).get(), timeoutMs, 'database');
      const entries = (snapshot.val() ?? {}) as Record<string, unknown>;
      const targets: Target[] = [];
      let malformed = 0;
      for (const [key, value] of Object.entries(entries)) {
        // Endpoints the policy refuses are still listed: the fan-out applies the policy and
        // counts them as skipped.
        const parsed = parseSubscription(value, null);
        if (parsed.ok) targets.push({ key, subscription: parsed.subscription });
        else malformed += 1;
      }
      if (malformed) log(`notify: ${malformed} malformed subscription(s) in ${ROOT} ignored`);
      return targets;
    },

    /**
     * Stores a subscription unless its entry exists: the same create-once the rules grant a
     * visitor, as a transaction so that the page's own write and this one never clash.
     */
    async save(subscription: Subscription): Promise<{ key: string; created: boolean }> {
      const key = subscriptionKey(subscription.endpoint);
      const result = await withTimeout(
        db
          .ref(`${ROOT}/${key}`)
          .transaction(
            (current: unknown) => (current === null ? { ...subscription, createdAt: { '.sv': 'timestamp' } } : undefined),
            undefined,
            false,
          ),
        options.timeoutMs,
        'database',
      );
      return { key, created: result.committed };
    },

    async remove(key: string): Promise<void> {
      await db.ref(`${ROOT}/${key}`).remove();
    },
  };
}
export type SubscriptionStore = ReturnType<typeof subscriptionStore>;
