import { useMemo } from 'react';
import { useLive, type Live, type MainInfo } from '@satta/shared/data';
import { useAgentsData } from './agentsData.ts';

/** The live main-info record (mian/) from the page's single data service. */
export function useMainInfo(): Live<MainInfo> {
  const data = useAgentsData();
  const source = useMemo(() => data.mainInfo$(), [data]);
  return useLive(source);
}
