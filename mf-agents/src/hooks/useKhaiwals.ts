import { useMemo } from 'react';
import { dataService, type Live } from '@satta/shared/data';
import { useLive } from '@satta/shared/data/react';
import type { Khaiwal } from '@satta/shared/domain/agents';

/** The live agent directory from the page's single data service. */
export function useKhaiwals(): Live<Khaiwal[]> {
  // One observable per mount: a new identity on every render would resubscribe each time.
  const source = useMemo(() => dataService().khaiwals$(), []);
  return useLive(source);
}
