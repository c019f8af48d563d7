import { useMemo } from 'react';
import { useRead } from '@satta/shared/data';
import { noDrawOf, type NoDraw } from '@satta/shared/domain/holidays';
import type { GameData } from '@satta/shared/domain/results';

/**
 * Whether a game shows "no draw" on a date: marked as having none, and no number published for
 * it (a number always wins). `games` is the widget's own homeGames$ data, passed in so that
 * the widget reads the games once. Until the marks have loaded every day is a draw day: the
 * server renders with them inline, so the browser starts from the same words.
 */
export function useNoDraw(games: readonly GameData[] | undefined): NoDraw {
  // Days without a draw of every game, cache first (the server's HTML has them inline).
  const holidays = useRead((data) => data.holidays$(), []).data;
  return useMemo(() => noDrawOf(holidays, games), [holidays, games]);
}
