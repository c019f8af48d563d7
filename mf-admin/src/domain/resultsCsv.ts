import { canonicalGameName, sameGame } from '@satta/shared/domain/games';
import { gameFromSlug } from '@satta/shared/domain/chartUrls';
import { MONTH_NAMES } from '@satta/shared/domain/yearlyChart';
import { FUTURE_DATE_ERROR, MISSING_CHART_CELL, NO_DRAW, NO_DRAW_MEANING, NUMBER_FORMAT_ERROR } from '@satta/shared/domain/messages';
import { normalizeNumber } from '@satta/shared/domain/numbers';
import { isDateKey, parseDisplayDate } from '@satta/shared/domain/siteTime';
import {
  IMPORT_BAD_DATE,
  IMPORT_EXPECTED_FIELDS,
  IMPORT_GRID_NEEDS_GAME_YEAR,
  IMPORT_MONTH_NEEDS_YEAR,
  IMPORT_NEEDS_GAME,
  importDuplicate,
  importUnknownGame,
} from './adminMessages.ts';

export interface ImportRow {
  date: string;
  game: string;
  number: string;
}

/** One pasted line with its verdict: a row ready to write, or the reason it is refused. */
export type CheckedLine =
  { line: number; text: string; ok: true; row: ImportRow } | { line: number; text: string; ok: false; error: string };

export interface ImportContext {
  /** Today in the site's zone; later days have no result yet. */
  todayKey: string;
  /** Game names as the database spells them, so an import lands under the existing records. */
  games: readonly string[];
  /** The chosen file's name: 'gali-2025-chart.csv' names the game and year a chart grid lacks. */
  fileName?: string;
}

const HEADER = [/^date$/, /^(game|sattaname)$/, /^(number|result)$/];

/** Comma, tab (a spreadsheet paste) or semicolon (spreadsheets in many locales). */
function splitFields(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : line.includes(',') ? ',' : ';';
  const fields = line.split(separator).map((f) =>
    f
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
  while (fields.length > 3 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

function isHeader(fields: string[]): boolean {
  return fields.length === 3 && fields.every((f, i) => HEADER[i]?.test(f.toLowerCase()));
}

/**
 * The date of a CSV line: day first, as every date field reads it (parseDisplayDate:
 * '31-01-2026', '5/1/2026'), or the date key 'YYYY-MM-DD' the import has always documented, the
 * way a spreadsheet or a database export writes it.
 */
export function parseImportDate(text: string): string | null {
  const trimmed = text.trim();
  return parseDisplayDate(trimmed) ?? (isDateKey(trimmed) ? trimmed : null);
}

/** The database's spelling of a game when it has one, else the registry's, else null. */
export function resolveGame(text: string, games: readonly string[]): string | null {
  return games.find((name) => sameGame(name, text)) ?? canonicalGameName(text);
}

/** One result as a line of the file gives it, before it is checked. */
interface Candidate {
  line: number;
  text: string;
  date: string | null;
  game: string;
  number: string;
}

/** What the file's name or a title line above the table says: its game, year and month. */
interface Context {
  game: string | null;
  year: number | null;
  month: number | null;
}

const DATE_HEADER = /^(date|day|दिनांक|तारीख)$/;
/** Cells of a chart that hold no result: empty, the page's '-', a day without a draw. */
const EMPTY_CELLS = new Set(['', MISSING_CHART_CELL, '--', 'xx', NO_DRAW.toLowerCase(), NO_DRAW_MEANING.toLowerCase()]);
const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());

/** 'January' or 'Jan' -> 1; null for anything else. */
function monthOf(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t.length < 3) return null;
  const index = MONTHS.findIndex((m) => m === t || m.slice(0, 3) === t);
  return index < 0 ? null : index + 1;
}

/**
 * The game, year and month a name or title gives: 'gali-2025-chart.csv', 'Gali - Yearly Chart
 * 2025', 'monthly-chart-2025-11.csv', 'gali.csv'. Each part null when absent.
 */
export function contextOf(name: string, games: readonly string[]): Context {
  const base = name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/yearly|monthly|chart|records?|results?|history/gi, ' ')
    .trim();
  const ym = /(?:^|[^0-9])((?:19|20)[0-9]{2})(?:[-_ ./]+(0?[1-9]|1[0-2]))?(?![0-9])/.exec(base);
  const year = ym ? Number(ym[1]) : null;
  const month = ym?.[2] ? Number(ym[2]) : null;
  const words = (ym ? base.replace(ym[0], ' ') : base).replace(/[-_.]+/g, ' ').trim();
  const game = words === '' ? null : (gameFromSlug(words.replace(/ +/g, '-').toLowerCase(), games) ?? resolveGame(words, games));
  return { game, year, month };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date key from a chart's year, month and day; null for a day the month does not have. */
function gridDate(year: number, month: number, day: string): string | null {
  if (!/^[0-9]{1,2}$/.test(day.trim())) return null;
  const key = `${year}-${pad2(month)}-${pad2(Number(day))}`;
  return isDateKey(key) ? key : null;
}

/**
 * The results a file holds, in any of the layouts operators keep: lines of date,game,number
 * (the documented one); date,number under a header or file name naming the game (one file per
 * game); a table with a date column and one column per game (the site's monthly chart download,
 * or one file for all games with full dates); a year's chart grid, days down and months across
 * (the site's yearly chart download, or the page copied), its game and year from the file's
 * name or a line above it ('Gali 2025').
 */
function candidates(text: string, context: ImportContext): Candidate[] | CheckedLine[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((l) => l.text !== '');
  const named = contextOf(context.fileName ?? '', context.games);
  const first = lines[0];
  if (!first) return [];
  let title: Context = { game: null, year: null, month: null };
  let headerAt = 0;
  // A title line above a table: one field, or one field and blanks ('Gali 2025,,,').
  if (splitFields(first.text).filter((f) => f !== '').length === 1 && lines.length > 1) {
    const next = splitFields(lines[1]?.text ?? '');
    if (DATE_HEADER.test((next[0] ?? '').toLowerCase()) || isHeader(next)) {
      title = contextOf(splitFields(first.text).join(' '), context.games);
      headerAt = 1;
    }
  }
  const header = lines[headerAt];
  const fields = header ? splitFields(header.text) : [];
  const known = {
    game: title.game ?? named.game,
    year: title.year ?? named.year,
    month: title.month ?? named.month,
  };
  const body = lines.slice(headerAt + 1);
  const firstField = (fields[0] ?? '').toLowerCase();
  const out: Candidate[] = [];

  // A chart grid: Date, January … December.
  if (DATE_HEADER.test(firstField) && fields.length > 1 && fields.slice(1).every((f) => monthOf(f) !== null)) {
    const months = fields.slice(1).map((f) => monthOf(f) ?? 0);
    if (known.game === null || known.year === null) {
      return [{ line: header?.line ?? 1, text: header?.text ?? '', ok: false, error: IMPORT_GRID_NEEDS_GAME_YEAR }];
    }
    for (const l of body) {
      const cells = splitFields(l.text);
      months.forEach((month, c) => {
        const cell = cells[c + 1] ?? '';
        if (EMPTY_CELLS.has(cell.toLowerCase())) return;
        out.push({
          line: l.line,
          text: `${l.text} (${MONTH_NAMES[month - 1] ?? ''})`,
          date: gridDate(known.year ?? 0, month, cells[0] ?? ''),
          game: known.game ?? '',
          number: cell,
        });
      });
    }
    return out;
  }

  // A table of games: Date, Gali, Disawar … (or Date, Number with the game named elsewhere).
  if (DATE_HEADER.test(firstField) && fields.length >= 2 && !isHeader(fields)) {
    const numberColumn = fields.length === 2 && /^(number|result)$/i.test(fields[1] ?? '');
    if (numberColumn && known.game === null)
      return [{ line: header?.line ?? 1, text: header?.text ?? '', ok: false, error: IMPORT_NEEDS_GAME }];
    const games = numberColumn ? [known.game ?? ''] : fields.slice(1).map((f) => resolveGame(f, context.games) ?? f);
    for (const l of body) {
      const cells = splitFields(l.text);
      const day = cells[0] ?? '';
      // A day of the month (the monthly chart) needs the year and month of its file.
      const dayOnly = /^[0-9]{1,2}$/.test(day);
      if (dayOnly && (known.year === null || known.month === null)) {
        return [{ line: l.line, text: l.text, ok: false, error: IMPORT_MONTH_NEEDS_YEAR }];
      }
      const date = dayOnly ? gridDate(known.year ?? 0, known.month ?? 0, day) : parseImportDate(day);
      games.forEach((game, c) => {
        const cell = cells[c + 1] ?? '';
        if (EMPTY_CELLS.has(cell.toLowerCase())) return;
        out.push({ line: l.line, text: games.length > 1 ? `${l.text} (${game})` : l.text, date, game, number: cell });
      });
    }
    return out;
  }

  // Lines of date,game,number, or date,number in a file that names its game.
  const rows = isHeader(fields) ? body : lines.slice(headerAt);
  for (const l of rows) {
    const cells = splitFields(l.text);
    if (cells.length === 2 && known.game !== null) {
      out.push({ line: l.line, text: l.text, date: parseImportDate(cells[0] ?? ''), game: known.game, number: cells[1] ?? '' });
    } else if (cells.length === 3) {
      out.push({ line: l.line, text: l.text, date: parseImportDate(cells[0] ?? ''), game: cells[1] ?? '', number: cells[2] ?? '' });
    } else {
      out.push({ line: l.line, text: l.text, date: null, game: '', number: '\u0000' });
    }
  }
  return out;
}

/**
 * Checks a pasted or chosen CSV of historical results. Nothing is dropped silently: blank lines,
 * a header, a title and a chart's empty cells are skipped, every other result comes back with its
 * row or its reason. A second result for the same game and day is refused, since one of the two
 * would be lost.
 */
export function checkResultsCsv(text: string, context: ImportContext): CheckedLine[] {
  const found = candidates(text, context);
  if (found.some((c) => 'ok' in c)) return found as CheckedLine[];
  const checked: CheckedLine[] = [];
  const seen = new Map<string, number>();
  // 219,000 rows name thirty games: each spelling is looked up once.
  const gameNames = new Map<string, string | null>();
  for (const c of found as Candidate[]) {
    const fail = (error: string): void => {
      checked.push({ line: c.line, text: c.text, ok: false, error });
    };
    if (c.number === '\u0000') {
      fail(IMPORT_EXPECTED_FIELDS);
      continue;
    }
    const date = c.date;
    if (date === null) {
      fail(IMPORT_BAD_DATE);
      continue;
    }
    if (date > context.todayKey) {
      fail(FUTURE_DATE_ERROR);
      continue;
    }
    let game = gameNames.get(c.game);
    if (game === undefined) {
      game = resolveGame(c.game, context.games);
      gameNames.set(c.game, game);
    }
    if (game === null) {
      fail(importUnknownGame(c.game));
      continue;
    }
    // Exactly two digits, as Update Number asks: a '7' could be a slip for '70'.
    const number = /^\d{2}$/.test(c.number) ? normalizeNumber(c.number) : null;
    if (number === null) {
      fail(NUMBER_FORMAT_ERROR);
      continue;
    }
    const key = `${game}\u0000${date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail(importDuplicate(earlier));
      continue;
    }
    seen.set(key, c.line);
    checked.push({ line: c.line, text: c.text, ok: true, row: { date, game, number } });
  }
  return checked;
}
