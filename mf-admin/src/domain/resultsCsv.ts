import { canonicalGameName, sameGame } from '@satta/shared/domain/games';
import { FUTURE_DATE_ERROR, NUMBER_FORMAT_ERROR } from '@satta/shared/domain/messages';
import { normalizeNumber } from '@satta/shared/domain/numbers';
import { isDateKey, parseDisplayDate } from '@satta/shared/domain/siteTime';
import { IMPORT_BAD_DATE, IMPORT_EXPECTED_FIELDS, importDuplicate, importUnknownGame } from './adminMessages.ts';

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

/**
 * Checks a pasted CSV of historical results line by line. Nothing is dropped silently: blank
 * lines and a header are skipped, every other line comes back with its row or its reason. A
 * second line for the same game and day is refused, since one of the two would be lost.
 */
export function checkResultsCsv(text: string, context: ImportContext): CheckedLine[] {
  const checked: CheckedLine[] = [];
  const seen = new Map<string, number>();
  let sawContent = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const lineText = raw.trim();
    if (lineText === '') return;
    const fields = splitFields(lineText);
    const first = !sawContent;
    sawContent = true;
    if (first && isHeader(fields)) return;
    const fail = (error: string): void => {
      checked.push({ line, text: lineText, ok: false, error });
    };

    if (fields.length !== 3) return fail(IMPORT_EXPECTED_FIELDS);
    const [dateText, gameText, numberText] = fields as [string, string, string];
    const date = parseImportDate(dateText);
    if (date === null) return fail(IMPORT_BAD_DATE);
    if (date > context.todayKey) return fail(FUTURE_DATE_ERROR);
    const game = resolveGame(gameText, context.games);
    if (game === null) return fail(importUnknownGame(gameText));
    // Exactly two digits, as Update Number asks: a '7' could be a slip for '70'.
    const number = /^\d{2}$/.test(numberText) ? normalizeNumber(numberText) : null;
    if (number === null) return fail(NUMBER_FORMAT_ERROR);
    const key = `${game}\u0000${date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return fail(importDuplicate(earlier));
    seen.set(key, line);
    checked.push({ line, text: lineText, ok: true, row: { date, game, number } });
  });
  return checked;
}
