import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import type { Correction } from '@satta/shared/domain/corrections';
import { useResultsData } from './resultsData.ts';

/** The public corrections of the last 90 days, newest first. */
export function useCorrections(): Live<Correction[]> {
  const data = useResultsData();
  const corrections$ = useMemo(() => data.corrections$(), [data]);
  return useLive(corrections$);
}
