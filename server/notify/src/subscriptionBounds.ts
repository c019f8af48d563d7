/**
 * How many subscriptions may be stored, in all and per client. Anyone can POST a subscription,
 * so without bounds a flood from a few hundred addresses grows the database and the service's
 * memory (every subscription is held in memory, subscriptionIndex.ts) until it falls over:
 *
 * - `maxTotal`: when this many are stored, a new one is refused with 503 and a Retry-After, and
 *   the service logs `event: 'subscription-cap'` (at most once a minute) for the operator's alert;
 *   a browser that is already subscribed is still answered 200.
 * - `perClient` new subscriptions per `windowMs` from one client, an IPv4 address or an IPv6 /64
 *   (clientAddress.ts, addressBucket): 429 with a Retry-After past that. A household behind one
 *   address has a few browsers; one machine inventing endpoints has thousands.
 *
 * Subscriptions the push services report gone (404/410) are removed as they are found
 * (fanOut.ts), which makes room again.
 */
export interface SubscriptionBoundsOptions {
  maxTotal: number;
  perClient: number;
  windowMs: number;
  /** Seconds a refused client is told to wait when the cap is reached. */
  fullRetryAfterSec?: number;
  now?: () => number;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

/** A subscription was not stored because a bound was reached: answered `status` with Retry-After. */
export class SubscriptionRefusedError extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly code: 'subscriptions-full' | 'too-many-subscriptions',
    readonly retryAfterSec: number,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionRefusedError';
  }
}

const CAP_LOG_EVERY_MS = 60_000;

export function createSubscriptionBounds(options: SubscriptionBoundsOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  const fullRetryAfterSec = options.fullRetryAfterSec ?? 3600;
  let windowStart = now();
  let created = new Map<string, number>();
  let lastCapLog = -Infinity;
  let refusedSinceLog = 0;
  /** Admitted, not yet settled: saves under way count against the cap, so a burst cannot pass it. */
  let pending = 0;

  const roll = (t: number) => {
    if (t - windowStart < options.windowMs) return;
    windowStart = t - ((t - windowStart) % options.windowMs);
    created = new Map();
  };

  return {
    /**
     * Throws a SubscriptionRefusedError when `client` may not add a new subscription now;
     * `stored` is how many are stored. Only for a subscription that does not exist yet. An
     * admitted one is counted at once (for the cap and the client) until `settle` says whether it
     * was created.
     */
    admit(client: string, stored: number): void {
      const t = now();
      roll(t);
      if (stored + pending >= options.maxTotal) {
        refusedSinceLog += 1;
        if (t - lastCapLog >= CAP_LOG_EVERY_MS) {
          log(
            `notify: subscription cap reached: ${stored + pending} stored of at most ${options.maxTotal} (NOTIFY_MAX_SUBSCRIPTIONS); ${refusedSinceLog} new subscription(s) refused with 503 since the last such line`,
            { event: 'subscription-cap', stored: stored + pending, max: options.maxTotal, refused: refusedSinceLog },
          );
          lastCapLog = t;
          refusedSinceLog = 0;
        }
        throw new SubscriptionRefusedError(
          503,
          'subscriptions-full',
          fullRetryAfterSec,
          'This service takes no new push subscriptions at the moment; try again later.',
        );
      }
      if ((created.get(client) ?? 0) >= options.perClient) {
        const seconds = Math.max(1, Math.ceil((windowStart + options.windowMs - t) / 1000));
        throw new SubscriptionRefusedError(
          429,
          'too-many-subscriptions',
          seconds,
          `Too many new subscriptions from this address; try again in ${seconds} s.`,
        );
      }
      pending += 1;
      created.set(client, (created.get(client) ?? 0) + 1);
    },

    /** An admitted subscription was saved (`created`) or not (it existed, or the save failed). */
    settle(client: string, wasCreated: boolean): void {
      pending = Math.max(0, pending - 1);
      if (wasCreated) return;
      const count = created.get(client);
      if (count) created.set(client, count - 1);
    },
  };
}
export type SubscriptionBounds = ReturnType<typeof createSubscriptionBounds>;
