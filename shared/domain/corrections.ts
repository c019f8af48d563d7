import { normalizeNumber } from './numbers.ts';
import { isDateKey } from './siteTime.ts';
import { readTimestamp } from './timestamps.ts';

/** One entry of the public `corrections` log: a published number that was changed. */
export interface Correction {
  id: string;
  game: string;
  date: string;
  from: string;
  to: string;
  /** Absent when the number was published before times were recorded. */
  publishedAt?: number;
  correctedAt: number;
}

/** How far back the public corrections page looks. */
export const CORRECTIONS_DAYS = 90;
export const CORRECTIONS_WINDOW_MS = CORRECTIONS_DAYS * 24 * 60 * 60 * 1000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The entries of a `corrections` snapshot value changed at or after `since` (ms), newest first.
 * An entry that is not readable is dropped, never thrown.
 */
export function readCorrections(node: unknown, since: number): Correction[] {
  if (!isRecord(node)) return [];
  const list: Correction[] = [];
  for (const [id, entry] of Object.entries(node)) {
    if (!isRecord(entry)) continue;
    const { game, date } = entry;
    const publishedAt = readTimestamp(entry['publishedAt']);
    const correctedAt = readTimestamp(entry['correctedAt']);
    const from = normalizeNumber(entry['from']);
    const to = normalizeNumber(entry['to']);
    if (typeof game !== 'string' || !isDateKey(date) || from === null || to === null) continue;
    if (correctedAt === undefined || correctedAt < since) continue;
    list.push({ id, game, date, from, to, ...(publishedAt === undefined ? {} : { publishedAt }), correctedAt });
  }
  // Newest first; equal times (one import) by game and date, so the order is stable.
  return list.sort((a, b) => b.correctedAt - a.correctedAt || a.game.localeCompare(b.game) || a.date.localeCompare(b.date));
}
