import { useMemo } from 'react';
import { useLive, type AdInfo, type Live } from '@satta/shared/data';
import { useResultsData } from './resultsData.ts';

/** The `adinfo` record: the admin's ads, keyed by label, each with a name and a time. */
export function useAdInfo(): Live<AdInfo> {
  const data = useResultsData();
  const ads$ = useMemo(() => data.adInfo$(), [data]);
  return useLive(ads$);
}
