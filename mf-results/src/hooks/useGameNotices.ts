import { useCallback } from 'react';
import { publicReads, useRead } from '@satta/shared/data';
import { noticeShown } from '@satta/shared/domain/gameNotice';

/**
 * The admin's notices of `todayKey` (shared/domain/gameNotice.ts) as a function of a game's
 * today: its notice, or null while it has a number or no draw (either says more). One read of
 * the table, cache first: the server's HTML has the notices inline, and a page follows them live.
 */
export function useGameNotices(todayKey: string): (game: string, todayNumber: string | null, noDraw?: boolean) => string | null {
  const notices = useRead((data) => data.read$(publicReads.gameNotices(todayKey)), [todayKey]).data;
  return useCallback((game, todayNumber, noDraw = false) => noticeShown(notices, game, todayNumber, noDraw), [notices]);
}
