import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import type { DayMetas, DayResults } from '@satta/shared/domain/results';
import { withLoadTimeout } from '../rules/withLoadTimeout.ts';
import { useChartData } from './chartData.ts';

/** One game's results of one year, live; only that year is downloaded. */
export function useGameYear(game: string, year: number): Live<DayResults> {
  const data = useChartData();
  const year$ = useMemo(() => withLoadTimeout(data.gameYear$(game, year)), [data, game, year]);
  return useLive(year$);
}

/** The publish times of that year, live (the same database listener as useGameYear). */
export function useGameYearMeta(game: string, year: number): Live<DayMetas> {
  const data = useChartData();
  const meta$ = useMemo(() => data.gameYearMeta$(game, year), [data, game, year]);
  return useLive(meta$);
}
