import type { AppOptions } from 'firebase-admin/app';
import type { Database } from 'firebase-admin/database';
import type { Target } from './fanOut.ts';
import { readStoredGames, storedGames, type GameChoice } from './gameChoice.ts';
import { parseSubscription, subscriptionKey, type Subscription } from './subscription.ts';
import { createSubscriptionIndex } from './subscriptionIndex.ts';
import type { SubscriptionBounds } from './subscriptionBounds.ts';
import { subscriptionFeed } from './subscriptionFeed.ts';
import { withTimeout } from './timeout.ts';
import { WEB_PUSH_SUBSCRIPTIONS } from '@satta/shared/data/paths';

const ROOT = WEB_PUSH_SUBSCRIPTIONS;

/** Where the list is streamed from: its REST URL and the bearer token (subscriptionFeed.ts). */
export interface FeedSource {
  url: string;
  token(): Promise<string>;
}

/**
 * The REST stream of the list of `db`'s database: the emulator's (an http URL with `?ns=`) as its
 * owner, or the project's with the app's credential (an OAuth2 access token).
 */
export function feedSourceOf(db: Database, rest?: { base: string; namespace: string | null }): FeedSource {
  const configured = new URL(db.app.options.databaseURL ?? '');
  const url = new URL(`${rest?.base ?? configured.origin}/${ROOT}.json`);
  const ns = rest ? rest.namespace : configured.searchParams.get('ns');
  if (ns) url.searchParams.set('ns', ns);
  const credential = (db.app.options as AppOptions).credential;
  return {
    url: url.toString(),
    token: async () => (credential && !ns ? (await credential.getAccessToken()).access_token : 'owner'),
  };
}

/** A subscription as POST /subscriptions stored it, with its games. */
export interface Saved {
  key: string;
  created: boolean;
  games: GameChoice;
  /** The choices of `previous` moved to this subscription (and its entry was removed). */
  carried: boolean;
}

/**
 * webPushSubscriptions/{key} = { endpoint, keys, expirationTime?, createdAt, games? } through
 * firebase-admin (which the rules do not restrict). The service is the only writer.
 *
 * The whole list is kept in memory, indexed by the games each entry follows
 * (subscriptionIndex.ts), fed by one REST stream of the list (subscriptionFeed.ts): a result fans
 * out to its game's followers without reading 100,000 entries from the database each time, this
 * instance's writes reach the index at once, and another's (or a hand edit) as the stream
 * brings it, a moment later.
 *
 * Every call on a request's path rejects with a BackendTimeoutError after `timeoutMs`:
 * firebase-admin's get() and transaction() wait for a connection forever, and a caller is
 * waiting for an answer.
 */
export function subscriptionStore(
  db: Database,
  options: {
    timeoutMs: number;
    log?: (line: string) => void;
    bounds?: SubscriptionBounds;
    feed?: FeedSource;
    /** Told once the list is loaded (heapCollector.ts: what the load threw away is collected at once). */
    loaded?: () => void;
  },
) {
  const log = options.log ?? ((line: string) => console.log(line));
  const index = createSubscriptionIndex();
  let loaded = false;
  let malformedAtStart = 0;
  let markReady: () => void = () => undefined;

  const apply = (key: string, value: unknown) => {
    const parsed = parseSubscription(value, null);
    if (!parsed.ok) {
      // Endpoints the policy refuses are still indexed (the fan-out counts them as skipped);
      // only entries that are no subscription at all are left out.
      index.delete(key);
      if (loaded) log(`notify: malformed subscription ${key} in ${ROOT} ignored: ${parsed.error}`);
      else malformedAtStart += 1;
      return;
    }
    index.put(key, { key, subscription: parsed.subscription }, readStoredGames((value as Record<string, unknown>)['games']));
  };
  /** An entry changed below its top level by another writer: read it whole (one small read). */
  const reread = (key: string) =>
    void db
      .ref(`${ROOT}/${key}`)
      .get()
      .then(
        (snapshot) => (snapshot.exists() ? apply(key, snapshot.val()) : index.delete(key)),
        (error: unknown) => log(`notify: re-reading subscription ${key} failed: ${String(error)}`),
      );

  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const feed = subscriptionFeed({
    ...(options.feed ?? feedSourceOf(db)),
    log,
    handlers: {
      reset(entries, timing) {
        const started = performance.now();
        index.clear();
        malformedAtStart = 0;
        const first = !loaded;
        loaded = false;
        for (const key in entries ?? {}) apply(key, (entries as Record<string, unknown>)[key]);
        loaded = true;
        if (malformedAtStart) log(`notify: ${malformedAtStart} malformed subscription(s) in ${ROOT} ignored`);
        const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
        log(
          `notify: ${index.size} push subscription(s) loaded${first ? '' : ' again'} (indexed in ${Math.round(performance.now() - started)} ms` +
            (timing
              ? `; ${(timing.bytes / 1048576).toFixed(1)} MB received in ${s(timing.receivedMs)}, first byte after ${s(timing.firstByteMs)}, parsed in ${Math.round(timing.parseMs)} ms)`
              : ')'),
        );
        markReady();
        options.loaded?.();
      },
      change([key, field, ...deeper], value) {
        if (!key) return;
        if (field === undefined) {
          if (value === null) index.delete(key);
          else apply(key, value);
          return;
        }
        const entry = index.get(key);
        if (field === 'games' && deeper.length === 0 && entry) index.put(key, entry.target, readStoredGames(value));
        else reread(key);
      },
    },
  });

  /** The index is loaded (the first load may still be under way after a start). */
  const synced = (timeoutMs: number) => withTimeout(ready, timeoutMs, 'database');

  /** Sets the games of an existing entry; null when there is no entry for `endpoint`. */
  async function writeGames(key: string, endpoint: string, games: GameChoice): Promise<{ games: GameChoice } | null> {
    const stored = storedGames(games);
    const result = await withTimeout(
      db.ref(`${ROOT}/${key}`).transaction(
        (current: unknown) => {
          // Null may only mean "not known here yet": writing null there changes nothing, and
          // the server answers with its own value if it has one.
          if (current === null || typeof current !== 'object') return null;
          const entry: Record<string, unknown> = { ...(current as Record<string, unknown>) };
          if (entry['endpoint'] !== endpoint) return undefined;
          if (stored === null) delete entry['games'];
          else entry['games'] = stored;
          return entry;
        },
        undefined,
        false,
      ),
      options.timeoutMs,
      'database',
    );
    const value: unknown = result.snapshot.val();
    if (!result.committed || value === null) return null;
    apply(key, value);
    return { games };
  }

  return {
    /** Resolves once the list is in memory (the first load). */
    ready,
    loaded: () => loaded,

    /** Every stored subscription that is well formed (the test notification). */
    async list(timeoutMs = options.timeoutMs): Promise<Target[]> {
      await synced(timeoutMs);
      return index.all();
    },

    /** The subscriptions that follow `game`: those following every game and those that chose it. */
    async followers(game: string, timeoutMs = options.timeoutMs): Promise<Target[]> {
      await synced(timeoutMs);
      return index.followers(game);
    },

    /**
     * Stores a subscription unless its entry exists: a create-once transaction, so that two
     * requests for one browser never clash. With `previous` (the endpoint the browser held before
     * its keys rotated) the games of that entry move to this one and that entry goes: the
     * browser proves it is the same by holding both endpoints, which are secrets. A new entry
     * must be within the bounds (`client`: the caller's address bucket): a
     * SubscriptionRefusedError otherwise.
     */
    async save(subscription: Subscription, previous: string | null = null, client = ''): Promise<Saved> {
      const key = subscriptionKey(subscription.endpoint);
      const isNew = index.get(key) === undefined;
      if (isNew) options.bounds?.admit(client, index.size);
      let committed = false;
      let result: Awaited<ReturnType<ReturnType<Database['ref']>['transaction']>>;
      try {
        result = await withTimeout(
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
        committed = result.committed;
      } finally {
        // Counted against the bounds from its admission until now; kept only if it was created.
        if (isNew) options.bounds?.settle(client, committed);
      }
      const value = result.snapshot.val() as Record<string, unknown> | null;
      if (value) apply(key, value);
      let games = readStoredGames(value?.['games']);
      let carried = false;
      if (previous !== null && previous !== subscription.endpoint) {
        const previousKey = subscriptionKey(previous);
        const old = (await withTimeout(db.ref(`${ROOT}/${previousKey}`).get(), options.timeoutMs, 'database')).val() as Record<
          string,
          unknown
        > | null;
        if (old && old['endpoint'] === previous) {
          const moved = await writeGames(key, subscription.endpoint, readStoredGames(old['games']));
          if (moved !== null) {
            games = moved.games;
            carried = true;
            await withTimeout(db.ref(`${ROOT}/${previousKey}`).remove(), options.timeoutMs, 'database');
            index.delete(previousKey);
          }
        }
      }
      return { key, created: result.committed, games, carried };
    },

    /**
     * Sets the games the subscription with this endpoint follows (PUT /subscriptions/games);
     * null when no subscription has this endpoint. Holding the endpoint is the proof.
     */
    async setGames(endpoint: string, games: GameChoice): Promise<{ games: GameChoice } | null> {
      return writeGames(subscriptionKey(endpoint), endpoint, games);
    },

    /** Removes a subscription, its choices with it (a push service reported it gone). */
    async remove(key: string): Promise<void> {
      await db.ref(`${ROOT}/${key}`).remove();
      index.delete(key);
    },

    /** How many well-formed subscriptions are held. */
    size: () => index.size,

    /** Stops listening; the index is dropped. */
    close(): void {
      feed.stop();
      index.clear();
    },
  };
}
export type SubscriptionStore = ReturnType<typeof subscriptionStore>;
