import { endAt, get, orderByKey, query, ref } from 'firebase/database';
import { DataError } from './errors.ts';
import { GAME_NOTICES, paths } from './paths.ts';
import type { AdminContext, WriteAudited } from './types.ts';
import { normalizeNotice, noticeProblem } from '../domain/gameNotice.ts';
import { addDays, siteNow } from '../domain/siteTime.ts';

/*
 * The admin's commands for a game's notice of the day (shared/domain/gameNotice.ts), each one
 * audited update with its live stamp (writeAudited: livePatch stamps live/v/notices from the
 * table). The notice is written under today's date key in the site's time zone, so it ends with
 * the day by itself. Made over adminCommands.ts's writeAudited, which hands itself in (its
 * command table spreads these); its type and the context's are types.ts's, so this module
 * imports nothing of adminCommands.ts, not even a type (no cycle: imports.test.ts).
 */
export function gameNoticeCommands(write: WriteAudited) {
  return {
    /**
     * Sets `game`'s notice for today (normalised: one line, trimmed). Refused when empty or longer
     * than NOTICE_MAX_LENGTH, changing nothing. The same text again writes nothing. The notices of
     * earlier days, which no page reads any more, are cleared in the same update.
     */
    async setGameNotice(ctx: AdminContext, game: string, text: string): Promise<void> {
      const problem = noticeProblem(text);
      if (problem !== null) throw new DataError('data/invalid-notice', problem);
      const notice = normalizeNotice(text);
      const today = siteNow(ctx.now(), ctx.timezone).dateKey;
      const path = paths.gameNotice(today, game);
      const previous = (await get(ref(ctx.db, path))).val() as unknown;
      if (previous === notice) return;
      const earlier = (await get(query(ref(ctx.db, GAME_NOTICES), orderByKey(), endAt(addDays(today, -1))))).val() as unknown;
      const days = Object.keys(typeof earlier === 'object' && earlier !== null ? earlier : {});
      const cleared = Object.fromEntries(days.map((dateKey) => [paths.gameNotices(dateKey), null]));
      await write(ctx, { ...cleared, [path]: notice }, path, previous ?? null, notice);
    },

    /** Removes `game`'s notice of today; nothing to remove writes nothing. */
    async removeGameNotice(ctx: AdminContext, game: string): Promise<void> {
      const path = paths.gameNotice(siteNow(ctx.now(), ctx.timezone).dateKey, game);
      const previous = (await get(ref(ctx.db, path))).val() as unknown;
      if (previous === null || previous === undefined) return;
      await write(ctx, { [path]: null }, path, previous, null);
    },
  };
}
