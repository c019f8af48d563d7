import { useMemo } from 'react';
import { useLive, type Live } from '@satta/shared/data';
import type { GameData } from '@satta/shared/domain/results';
import { useResultsData } from './resultsData.ts';

/** Yesterday and this month so far of every game, cache first. */
export function useHomeGames(): Live<GameData[]> {
  const data = useResultsData();
  // homeGames$() builds a new pipeline per call: memoized so a render never resubscribes.
  const games$ = useMemo(() => data.homeGames$(), [data]);
  return useLive(games$);
}
