import { orderGames, sameGame } from './games.ts';
import type { NoDraw } from './holidays.ts';
import type { DayResults } from './results.ts';
import { addDays } from './siteTime.ts';
import { MINUTES_PER_DAY, parseGameTime } from './time.ts';

/** Until 05:05 the night's last draw (Gali) is still the one people are looking at. */
export const EARLY_MORNING_CUTOFF = 305;
export const EARLY_MORNING_GAME = 'Gali';

const SECONDS_PER_DAY = MINUTES_PER_DAY * 60;

export interface TimedGame {
  name: string;
  time: string | null;
  place?: number | null;
}

export interface MinuteOfDay {
  minutesOfDay: number;
}

/**
 * The site's day as the current and next game see it: with a no-draw test (shared/domain/holidays.ts),
 * a game without a draw on the day is skipped. Without one every game draws every day.
 */
export interface SiteMoment extends MinuteOfDay {
  dateKey?: string;
}

const draws = (noDraw: NoDraw | undefined, game: string, dateKey: string | undefined): boolean =>
  noDraw === undefined || dateKey === undefined || !noDraw(game, dateKey);

/** Games with a readable time in result-table order, so equal times resolve the same way everywhere. */
function timed<T extends TimedGame>(games: readonly T[]): { game: T; minutes: number }[] {
  const out: { game: T; minutes: number }[] = [];
  for (const game of orderGames(games)) {
    const minutes = parseGameTime(game.time);
    if (minutes !== null) out.push({ game, minutes });
  }
  return out;
}

/**
 * The latest game whose time has passed today; Gali before 05:05 (docs/product.md, Home), unless
 * Gali had no draw last night. Games without a draw today are skipped.
 */
export function currentGame<T extends TimedGame>(games: readonly T[], now: SiteMoment, noDraw?: NoDraw): T | null {
  const yesterday = now.dateKey === undefined ? undefined : addDays(now.dateKey, -1);
  if (now.minutesOfDay < EARLY_MORNING_CUTOFF) {
    const gali = games.find((g) => sameGame(g.name, EARLY_MORNING_GAME));
    if (gali && draws(noDraw, gali.name, yesterday)) return gali;
  }
  let best: { game: T; minutes: number } | null = null;
  for (const entry of timed(games)) {
    if (!draws(noDraw, entry.game.name, now.dateKey)) continue;
    if (entry.minutes <= now.minutesOfDay && (best === null || entry.minutes > best.minutes)) best = entry;
  }
  return best?.game ?? null;
}

/** The nearest game later today with a draw today, or null when today's last game has passed. */
export function nextGame<T extends TimedGame>(games: readonly T[], now: SiteMoment, noDraw?: NoDraw): T | null {
  let best: { game: T; minutes: number } | null = null;
  for (const entry of timed(games)) {
    if (!draws(noDraw, entry.game.name, now.dateKey)) continue;
    if (entry.minutes > now.minutesOfDay && (best === null || entry.minutes < best.minutes)) best = entry;
  }
  return best?.game ?? null;
}

/** The next game, rolling over to tomorrow's first game with a draw tomorrow after today's last. */
export function nextGameOrTomorrow<T extends TimedGame>(
  games: readonly T[],
  now: SiteMoment,
  noDraw?: NoDraw,
): { game: T | null; tomorrow: boolean } {
  const today = nextGame(games, now, noDraw);
  if (today) return { game: today, tomorrow: false };
  const tomorrow = now.dateKey === undefined ? undefined : addDays(now.dateKey, 1);
  const first = latestResultCard(games.filter((game) => draws(noDraw, game.name, tomorrow)));
  return { game: first, tomorrow: first !== null };
}

/**
 * The game with the earliest time of day: the specification's "latest-result card" rule, used for
 * tomorrow's first game (docs/product.md, Home; docs/architecture.md, Deliberate changes).
 */
export function latestResultCard<T extends TimedGame>(games: readonly T[]): T | null {
  let best: { game: T; minutes: number } | null = null;
  for (const entry of timed(games)) {
    if (best === null || entry.minutes < best.minutes) best = entry;
  }
  return best?.game ?? null;
}

/** Today's and yesterday's result of one game; the UI words the gaps ('Wait...', '--'). */
export function resultCell(
  results: DayResults,
  todayKey: string,
  yesterdayKey: string,
): { today: string | null; yesterday: string | null } {
  return { today: results[todayKey] ?? null, yesterday: results[yesterdayKey] ?? null };
}

/** Seconds from now until the next time the clock shows the game's time (0 at that very second). */
export function secondsUntil(gameTimeMinutes: number, now: MinuteOfDay & { second: number }): number {
  const diff = gameTimeMinutes * 60 - (now.minutesOfDay * 60 + now.second);
  return ((diff % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
}
