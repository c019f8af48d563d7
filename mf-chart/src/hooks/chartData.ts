import { useData, type DataService } from '@satta/shared/data';

/** What the chart page reads of the data service; tests hand in a fake of just this. */
type ChartKeys = 'gameNames$' | 'gameYear$' | 'gameYearMeta$' | 'gameYears' | 'holidays$' | 'homeGames$' | 'timezone';
export type ChartData = Pick<DataService, ChartKeys>;

export const useChartData = (): ChartData => useData<ChartKeys>();
