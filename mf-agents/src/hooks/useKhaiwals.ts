import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { useAgentsData } from './agentsData.ts';

/** The live agent directory from the page's single data service. */
export function useKhaiwals(): Live<Khaiwal[]> {
  const data = useAgentsData();
  // One observable per service: a new identity on every render would resubscribe each time.
  const source = useMemo(() => data.khaiwals$(), [data]);
  return useLive(source);
}
