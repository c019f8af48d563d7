import { useMemo } from 'react';
import { useObservable } from '@satta/shared/data';
import { offlineAfterGrace } from '../rules/offlineAfterGrace.ts';
import { useResultsData } from './resultsData.ts';

/** true once the page has been without its database connection for the grace period. */
export function useOffline(): boolean {
  const data = useResultsData();
  const offline$ = useMemo(() => offlineAfterGrace(data.connected$), [data]);
  return useObservable(offline$, false);
}
