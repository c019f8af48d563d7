import { useData, type DataService } from '@satta/shared/data';

/** What the home widgets read of the data service; tests hand in a fake of just this. */
type ResultsKeys = 'homeGames$' | 'corrections$' | 'mainInfo$' | 'adInfo$' | 'holidays$' | 'connected$' | 'timezone';
export type ResultsData = Pick<DataService, ResultsKeys>;

export const useResultsData = (): ResultsData => useData<ResultsKeys>();
