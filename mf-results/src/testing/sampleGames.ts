import { GAMES } from '@satta/shared/domain/games';
import type { DayResults, GameData } from '@satta/shared/domain/results';

/** The registry's games with their default times and the given results per game. */
export function sampleGames(results: Record<string, DayResults> = {}): GameData[] {
  return GAMES.map((game) => ({
    name: game.name,
    time: game.defaultTime,
    place: game.place,
    results: results[game.name] ?? {},
  }));
}

/** An instant given as India's wall-clock time, e.g. ist('2026-03-15', '12:25'). */
export function ist(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+05:30`);
}
