import { useEffect, useState } from 'react';
import { useChartData } from './chartData.ts';

/**
 * The years a game has results for, newest first. Until the answer comes (or when it cannot,
 * offline) the current year alone is offered, so the chart is usable at once.
 */
export function useGameYears(game: string, currentYear: number): number[] {
  const data = useChartData();
  const [years, setYears] = useState<number[]>([currentYear]);
  useEffect(() => {
    let active = true;
    setYears([currentYear]);
    data.gameYears(game).then(
      (found) => {
        if (!active) return;
        const all = new Set([currentYear, ...found]);
        setYears([...all].sort((a, b) => b - a));
      },
      (error: unknown) => console.warn(`chart: could not list the years of ${game}`, error),
    );
    return () => {
      active = false;
    };
  }, [data, game, currentYear]);
  return years;
}
