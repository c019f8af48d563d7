import { useMemo } from 'react';
import { useLive } from '@satta/shared/data/react';
import type { Live } from '@satta/shared/data';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { useChartData } from './chartData.ts';

/** The names of the games in the database, cache first. */
export function useGameNames(): Live<string[]> {
  const data = useChartData();
  const names$ = useMemo(() => withLoadTimeout(data.gameNames$()), [data]);
  return useLive(names$);
}
