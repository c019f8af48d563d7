import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { useChartData } from './chartData.ts';

/** The names of the games in the database, cache first; `live: false` keeps the page's list (a finished year's page). */
export function useGameNames(live = true): Live<string[]> {
  const data = useChartData();
  const names$ = useMemo(() => withLoadTimeout(data.gameNames$({ live })), [data, live]);
  return useLive(names$);
}
