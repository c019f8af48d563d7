import { gameSlug } from '@satta/shared/domain/chartUrls';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';

/** One game's history as the data service reads it: [date key, number], oldest first. */
export interface GameHistory {
  game: string;
  days: readonly (readonly [string, string])[];
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (a game's name could). */
const field = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The export: a header `date,game,number`, then each game's days oldest first, dates day first
 * (DD-MM-YYYY, as the dashboard shows them), CRLF line ends, a byte order mark for Excel. It is the
 * layout Bulk Import reads back, so an export is also a backup that can be imported again.
 */
export function historyCsv(histories: readonly GameHistory[]): string {
  const lines = ['date,game,number'];
  for (const { game, days } of histories) {
    const name = field(game);
    for (const [date, number] of days) lines.push(`${formatDisplayDate(date)},${name},${number}`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** 'results-all-games-2026-11-28.csv', 'results-gali-2026-11-28.csv'. */
export function historyFileName(game: string | null, todayKey: string): string {
  return `results-${game === null ? 'all-games' : gameSlug(game)}-${todayKey}.csv`;
}
