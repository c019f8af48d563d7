import { useMemo } from 'react';
import type { Live, MainInfo } from '@satta/shared/data';
import { useLive } from '@satta/shared/data/react';
import { useAgentsData } from './agentsData.ts';

/** The live main-info record (mian/) from the page's single data service. */
export function useMainInfo(): Live<MainInfo> {
  const data = useAgentsData();
  const source = useMemo(() => data.mainInfo$(), [data]);
  return useLive(source);
}
