import { normalizeNumber } from './numbers.ts';
import { isDateKey } from './siteTime.ts';
import { normalizeTimeInput } from './time.ts';

/** dateKey 'YYYY-MM-DD' -> two-digit result '05'. */
export type DayResults = Record<string, string>;

export interface GameData {
  name: string;
  /** Canonical 'HH:MM AM/PM', or null when missing or unreadable (shown as 'N/A'). */
  time: string | null;
  place: number | null;
  results: DayResults;
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
  for (const [key, child] of Object.entries(node)) {
    if (!isDateKey(key)) continue;
    // The specification stores {number}; a bare value is what an older writer left behind.
    const number = normalizeNumber(isRecord(child) ? child['number'] : child);
    if (number !== null) game.results[key] = number;
  }
  return game;
}

/** Every game of a `sattanamee/` snapshot value, in the database's key order. */
export function readGames(node: unknown): GameData[] {
  if (!isRecord(node)) return [];
  return Object.entries(node)
    .filter(([name]) => name.trim() !== '')
    .map(([name, child]) => readGameNode(name, child));
}
