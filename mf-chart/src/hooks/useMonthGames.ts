import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import type { GameData } from '@satta/shared/domain/results';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { useChartData } from './chartData.ts';

/**
 * This month so far of every game (the home page's window, so the two pages share one cache);
 * `live: false` keeps the page's data (under a finished year's chart, which follows nothing live).
 */
export function useMonthGames(live = true): Live<GameData[]> {
  const data = useChartData();
  const games$ = useMemo(() => withLoadTimeout(data.homeGames$({ live })), [data, live]);
  return useLive(games$);
}
