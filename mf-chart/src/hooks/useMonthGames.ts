import { useMemo } from 'react';
import { useLive } from '@satta/shared/data/react';
import type { Live } from '@satta/shared/data';
import type { GameData } from '@satta/shared/domain/results';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { useChartData } from './chartData.ts';

/** This month so far of every game (the home page's window, so the two pages share one cache). */
export function useMonthGames(): Live<GameData[]> {
  const data = useChartData();
  const games$ = useMemo(() => withLoadTimeout(data.homeGames$()), [data]);
  return useLive(games$);
}
