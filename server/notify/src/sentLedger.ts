import type { Database } from 'firebase-admin/database';
import { NOTIFY_STATE } from '@satta/shared/data/paths';

const ROOT = `${NOTIFY_STATE}/sent`;

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

    /** Forgets days before `keepFrom` (a date key): the ledger stays a few days long. */
    async prune(keepFrom: string): Promise<number> {
      const old = await db.ref(ROOT).orderByKey().endAt(keepFrom).get();
      const patch: Record<string, null> = {};
      old.forEach((day) => {
        if (day.key && day.key < keepFrom) patch[day.key] = null;
      });
      if (Object.keys(patch).length) await db.ref(ROOT).update(patch);
      return Object.keys(patch).length;
    },
  };
}
export type SentLedger = ReturnType<typeof sentLedger>;
