import { createContext, useContext } from 'react';
import { dataService, type DataService } from '@satta/shared/data';

/** The part of the data service the home widgets read; tests hand in a fake of just this. */
export type ResultsData = Pick<DataService, 'homeGames$' | 'corrections$' | 'mainInfo$' | 'adInfo$' | 'connected$' | 'timezone'>;

const ResultsDataContext = createContext<ResultsData | null>(null);

/** Tests (and only tests) provide a fake; on a page the widgets use the page's singleton. */
export const ResultsDataProvider = ResultsDataContext.Provider;

export function useResultsData(): ResultsData {
  return useContext(ResultsDataContext) ?? dataService();
}
