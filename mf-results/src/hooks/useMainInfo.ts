import { useMemo } from 'react';
import { useLive } from '@satta/shared/data/react';
import type { Live, MainInfo } from '@satta/shared/data';
import { useResultsData } from './resultsData.ts';

/** The `mian` record: banner text, channel link, contact number. */
export function useMainInfo(): Live<MainInfo> {
  const data = useResultsData();
  const info$ = useMemo(() => data.mainInfo$(), [data]);
  return useLive(info$);
}
