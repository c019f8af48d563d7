import type { Database } from 'firebase-admin/database';
import { NOTIFY_STATE } from '@satta/shared/data/paths';

const ROOT = `${NOTIFY_STATE}/sent`;

/**
 * notifyState/sent/{date}/{game} = the number announced. Claiming is a transaction, so of every
 * process that sees the same result (a restart, a second instance, a second write of the same
 * number) exactly one wins and sends. A corrected number is a new claim: subscribers hear about
 * the correction. The claim is taken before sending: a crash mid-fan-out loses that
 * notification rather than repeating it to those who already got it.
 */
export function sentLedger(db: Database) {
  return {
    async claim(date: string, game: string, number: string): Promise<boolean> {
      const result = await db
        .ref(`${ROOT}/${date}/${game}`)
        .transaction((current: unknown) => (current === number ? undefined : number), undefined, false);
      return result.committed;
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
