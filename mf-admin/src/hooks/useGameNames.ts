import { useMemo } from 'react';
import { useLive } from '@satta/shared/data';
import { orderGames } from '@satta/shared/domain/games';
import { useAdminData } from './adminData.ts';

/** The games in the database, in the result table's order; empty until they arrive. */
export function useGameNames(): string[] {
  const data = useAdminData();
  const names$ = useMemo(() => data.gameNames$(), [data]);
  const names = useLive(names$).data;
  return useMemo(() => orderGames((names ?? []).map((name) => ({ name }))).map((g) => g.name), [names]);
}
