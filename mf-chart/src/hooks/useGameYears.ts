import { useEffect, useState } from 'react';
import { useData } from '@satta/shared/data';

export interface GameYears {
  /** Newest first; always holds the current year. */
  years: number[];
  /** true once the database answered: only then is a year missing from `years` known to be empty. */
  known: boolean;
}

/**
 * The years a game has results for, newest first. Until the answer comes (or when it cannot,
 * offline) the current year alone is offered, so the chart is usable at once.
 */
export function useGameYears(game: string | null, currentYear: number): GameYears {
  const data = useData<'gameYears'>();
  // Tagged with its game, so a game's answer is never taken for the next game's.
  const [state, setState] = useState<{ game: string | null; years: number[] }>({ game: null, years: [] });
  useEffect(() => {
    if (game === null) return undefined;
    let active = true;
    data.gameYears(game).then(
      (found) => {
        if (!active) return;
        setState({ game, years: found });
      },
      (error: unknown) => console.warn(`chart: could not list the years of ${game}`, error),
    );
    return () => {
      active = false;
    };
  }, [data, game]);
  const known = game !== null && state.game === game;
  const all = new Set([currentYear, ...(known ? state.years : [])]);
  return { years: [...all].sort((a, b) => b - a), known };
}
