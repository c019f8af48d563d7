import type { Database } from 'firebase-admin/database';
import { NOTIFY_STATE } from '@satta/shared/data/paths';

const ROOT = `${NOTIFY_STATE}/sent`;
/** notifyState/shards/{date}/{game}/{claim}/{index}: each shard of an announcement (shards.ts). */
const SHARDS = `${NOTIFY_STATE}/shards`;

/** What a shard's claim found. */
export type ShardClaim =
  /** This delivery sends the shard. */
  | { kind: 'claimed' }
  /** The shard was sent already: a second delivery, which sends nothing. */
  | { kind: 'done' }
  /** Another delivery is sending it right now (until its lease ends). */
  | { kind: 'busy'; retryAfterSec: number };

interface ShardEntry {
  state: 'sending' | 'done';
  /** sending: the claim lapses at this time (ms), and a later delivery may send the shard. */
  until?: number;
  sent?: number;
}

/** What names one shard of one announcement in the ledger. */
interface ShardKey {
  date: string;
  game: string;
  number: string;
  previous: string | null;
  index: number;
  /** The announcement (shards.ts: announcementId); absent in shards queued before it existed. */
  announcement?: string;
}

export interface Claim {
  claimed: boolean;
  /** The number announced before (the claim is a correction of it), or null. */
  previous: string | null;
}

/**
 * notifyState/sent/{date}/{game} = the number announced. Claiming is a transaction, so of every
 * process that sees the same result (a restart, a second instance, a second write of the same
 * number) exactly one wins and sends. A corrected number is a new claim, which says what it
 * corrects: the same subscribers hear "{game}: {old} → {new} (संशोधित)", once. The claim is
 * taken before sending: a crash mid-fan-out loses that notification rather than repeating it
 * to those who already got it.
 */
export function sentLedger(db: Database) {
  const shardRef = (shard: ShardKey) =>
    db.ref(
      `${SHARDS}/${shard.date}/${shard.game}/${shard.previous ?? 'new'}-${shard.number}${shard.announcement ? `-${shard.announcement}` : ''}/${shard.index}`,
    );
  return {
    /**
     * Claims the announcement of `number`: `claimed` when this caller is to send it, with the
     * number announced before it (`previous`, a correction) or null (the first announcement).
     */
    async claim(date: string, game: string, number: string): Promise<Claim> {
      let previous: string | null = null;
      const result = await db.ref(`${ROOT}/${date}/${game}`).transaction(
        (current: unknown) => {
          // The last run is the one that commits: its `current` is what the number replaced.
          previous = typeof current === 'string' ? current : null;
          return current === number ? undefined : number;
        },
        undefined,
        false,
      );
      return { claimed: result.committed, previous: result.committed ? previous : null };
    },

    /** The number announced for this date and game, if any. */
    async announced(date: string, game: string): Promise<string | null> {
      const value: unknown = (await db.ref(`${ROOT}/${date}/${game}`).get()).val();
      return typeof value === 'string' ? value : null;
    },

    /**
     * Claims one shard of an announcement for this delivery, for `leaseMs`: a shard delivered a
     * second time after it was sent is `done` (nothing is sent twice); one being sent is `busy`
     * (the queue tries again later); one whose sender died without finishing is claimed again
     * once its lease has run out.
     */
    async claimShard(shard: ShardKey, leaseMs: number, now = Date.now()): Promise<ShardClaim> {
      let found: ShardEntry | null = null;
      const result = await shardRef(shard).transaction(
        (current: unknown) => {
          found = readShard(current);
          if (found?.state === 'done') return undefined;
          if (found?.state === 'sending' && (found.until ?? 0) > now) return undefined;
          return { state: 'sending', until: now + leaseMs } satisfies ShardEntry;
        },
        undefined,
        false,
      );
      if (result.committed) return { kind: 'claimed' };
      const entry = readShard(result.snapshot.val()) ?? (found as ShardEntry | null);
      if (entry?.state === 'done') return { kind: 'done' };
      return { kind: 'busy', retryAfterSec: Math.max(1, Math.ceil(((entry?.until ?? now) - now) / 1000)) };
    },

    /** The shard was sent (`sent` of its subscriptions reached): a later delivery is `done`. */
    async shardDone(shard: ShardKey, sent: number): Promise<void> {
      await shardRef(shard).set({ state: 'done', sent } satisfies ShardEntry);
    },

    /** The shard failed before it was sent: the queue's next delivery may claim it at once. */
    async releaseShard(shard: ShardKey): Promise<void> {
      await shardRef(shard).remove();
    },

    /** Forgets days before `keepFrom` (a date key): the ledger stays a few days long. */
    async prune(keepFrom: string): Promise<number> {
      let removed = 0;
      for (const root of [ROOT, SHARDS]) {
        const old = await db.ref(root).orderByKey().endAt(keepFrom).get();
        const patch: Record<string, null> = {};
        old.forEach((day) => {
          if (day.key && day.key < keepFrom) patch[day.key] = null;
        });
        if (Object.keys(patch).length) await db.ref(root).update(patch);
        if (root === ROOT) removed = Object.keys(patch).length;
      }
      return removed;
    },
  };
}
export type SentLedger = ReturnType<typeof sentLedger>;

function readShard(value: unknown): ShardEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const { state, until, sent } = value as Record<string, unknown>;
  if (state !== 'sending' && state !== 'done') return null;
  return { state, ...(typeof until === 'number' ? { until } : {}), ...(typeof sent === 'number' ? { sent } : {}) };
}
