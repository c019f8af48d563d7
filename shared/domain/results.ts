import { normalizeNumber } from './numbers.ts';
import { isDateKey } from './siteTime.ts';
import { normalizeTimeInput } from './time.ts';
import { readTimestamp } from './timestamps.ts';

/** One game's date as a key of its own, `Gali/2026-11-10` (a game name holds no '/'). */
export const resultKey = (row: { game: string; date: string }): string => `${row.game}/${row.date}`;

/** dateKey 'YYYY-MM-DD' -> two-digit result '05'. */
export type DayResults = Record<string, string>;

/** When a date's number was published and last changed, and the number before a correction. */
export interface DayMeta {
  /** Server time (ms) of the first publication; absent on old data. */
  publishedAt?: number;
  /** Server time (ms) of the last change; equal to publishedAt until a correction. */
  updatedAt?: number;
  /** The number before the latest correction; absent when the number was never corrected. */
  was?: string;
}

/** dateKey -> its times, for the dates of a DayResults that have any (old data has none). */
export type DayMetas = Record<string, DayMeta>;

export interface GameData {
  name: string;
  /** Canonical 'HH:MM AM/PM', or null when missing or unreadable (shown as 'N/A'). */
  time: string | null;
  place: number | null;
  results: DayResults;
  /**
   * Times and earlier values beside `results` (a parallel map, so every reader of the numbers
   * stays as it was). Absent when no date has any: old data reads exactly as before.
   */
  meta?: DayMetas;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readPlace(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * One game from a `sattanamee/{game}` snapshot value. The database has been edited by hand for
 * years, so anything that is not a readable time, place or result is dropped, never thrown.
 */
export function readGameNode(name: string, node: unknown): GameData {
  const game: GameData = { name, time: null, place: null, results: {} };
  if (!isRecord(node)) return game;
  game.time = typeof node['time'] === 'string' ? normalizeTimeInput(node['time']) : null;
  game.place = readPlace(node['place']);
  const meta: DayMetas = {};
  for (const [key, child] of Object.entries(node)) {
    if (!isDateKey(key)) continue;
    // The specification stores {number}; a bare value is what an older writer left behind.
    const number = normalizeNumber(isRecord(child) ? child['number'] : child);
    if (number === null) continue;
    game.results[key] = number;
    const day = isRecord(child) ? readDayMeta(child) : null;
    if (day) meta[key] = day;
  }
  if (Object.keys(meta).length > 0) game.meta = meta;
  return game;
}

/** One date's times and earlier value; null when it has none (old data). */
function readDayMeta(child: Record<string, unknown>): DayMeta | null {
  const day: DayMeta = {};
  const publishedAt = readTimestamp(child['publishedAt']);
  const updatedAt = readTimestamp(child['updatedAt']);
  const was = normalizeNumber(child['was']);
  if (publishedAt !== undefined) day.publishedAt = publishedAt;
  if (updatedAt !== undefined) day.updatedAt = updatedAt;
  if (was !== null) day.was = was;
  return Object.keys(day).length > 0 ? day : null;
}

/** Every game of a `sattanamee/` snapshot value, in the database's key order. */
export function readGames(node: unknown): GameData[] {
  if (!isRecord(node)) return [];
  return Object.entries(node)
    .filter(([name]) => name.trim() !== '')
    .map(([name, child]) => readGameNode(name, child));
}
