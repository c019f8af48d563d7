import { useMemo } from 'react';
import { useLive, type Live, type MainInfo } from '@satta/shared/data';
import { useResultsData } from './resultsData.ts';

/** The `mian` record: banner text, channel link, contact number. */
export function useMainInfo(): Live<MainInfo> {
  const data = useResultsData();
  const info$ = useMemo(() => data.mainInfo$(), [data]);
  return useLive(info$);
}
