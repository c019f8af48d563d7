import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import { noDrawOf, type Holidays, type NoDraw } from '@satta/shared/domain/holidays';
import type { GameData } from '@satta/shared/domain/results';
import { useResultsData } from './resultsData.ts';

/** Days without a draw of every game, cache first (the server's HTML has them inline). */
export function useHolidays(): Live<Holidays> {
  const data = useResultsData();
  // Memoized so that a render never resubscribes.
  const holidays$ = useMemo(() => data.holidays$(), [data]);
  return useLive(holidays$);
}

/**
 * Whether a game shows "no draw" on a date: marked as having none, and no number published for
 * it (a number always wins). `games` is the widget's own useHomeGames() data, passed in so that
 * the widget reads the games once. Until the marks have loaded every day is a draw day: the
 * server renders with them inline, so the browser starts from the same words.
 */
export function useNoDraw(games: readonly GameData[] | undefined): NoDraw {
  const holidays = useHolidays().data;
  return useMemo(() => noDrawOf(holidays, games), [holidays, games]);
}
