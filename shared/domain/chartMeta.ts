import { sameGame } from './games.ts';
import type { DayMetas, DayResults } from './results.ts';

/**
 * The times of each column's results, matching columnResults (monthlyTable.ts): where two
 * database keys spell the same game, the first one listed holding a day gives that day's number,
 * so its times go with it.
 */
export function columnMetas(
  games: readonly { name: string; results: DayResults; meta?: DayMetas }[],
  columns: readonly string[],
): DayMetas[] {
  return columns.map((column) => {
    const seen = new Set<string>();
    const merged: DayMetas = {};
    for (const game of games) {
      if (!sameGame(game.name, column)) continue;
      for (const key of Object.keys(game.results)) {
        if (seen.has(key)) continue;
        seen.add(key);
        const day = game.meta?.[key];
        if (day) merged[key] = day;
      }
    }
    return merged;
  });
}
