import { useMemo } from 'react';
import { dataService, type Live, type MainInfo } from '@satta/shared/data';
import { useLive } from '@satta/shared/data/react';

/** The live main-info record (mian/) from the page's single data service. */
export function useMainInfo(): Live<MainInfo> {
  const source = useMemo(() => dataService().mainInfo$(), []);
  return useLive(source);
}
