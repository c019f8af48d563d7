import { createContext, useContext } from 'react';
import { dataService, type DataService } from '@satta/shared/data';

/** The part of the data service the chart page reads; tests hand in a fake of just this. */
export type ChartData = Pick<DataService, 'gameNames$' | 'gameYear$' | 'gameYearMeta$' | 'gameYears' | 'homeGames$' | 'timezone'>;

const ChartDataContext = createContext<ChartData | null>(null);

/** Tests (and only tests) provide a fake; on a page the chart uses the page's singleton. */
export const ChartDataProvider = ChartDataContext.Provider;

export function useChartData(): ChartData {
  return useContext(ChartDataContext) ?? dataService();
}
