import { describe, expect, it } from 'vitest';
import { checkResultsCsv, parseImportDate, resolveGame, type CheckedLine } from './resultsCsv.ts';

const context = { todayKey: '2026-11-21', games: ['Gali', 'Disawar', 'Delhi Bazar', 'My Local Game'] };

describe('parseImportDate', () => {
  it.each([
    // Day first, as every date field reads it (parseDisplayDate)...
    ['31-01-2026', '2026-01-31'],
    ['5-1-2026', '2026-01-05'],
    ['5/1/2026', '2026-01-05'],
    ['31.01.2026', '2026-01-31'],
    ['30-02-2026', null],
    // ...and the date key YYYY-MM-DD the import documents, exactly as a spreadsheet writes it.
    ['2026-01-31', '2026-01-31'],
    [' 2026-01-31 ', '2026-01-31'],
    ['2026-1-5', null],
    ['2026/01/31', null],
    ['2026-02-30', null],
    ['2026-13-01', null],
    ['01-31', null],
    ['yesterday', null],
    ['', null],
  ])('%j -> %j', (text, key) => {
    expect(parseImportDate(text)).toBe(key);
  });
});

describe('resolveGame', () => {
  it.each([
    ['Gali', 'Gali'],
    ['gali', 'Gali'],
    ['Disawer', 'Disawar'],
    ['DELHI-BAZAR', 'Delhi Bazar'],
    ['my local game', 'My Local Game'],
    ['Faridabad', 'Faridabad'],
    ['Nowhere', null],
  ])('%j -> %j', (text, name) => {
    expect(resolveGame(text, context.games)).toBe(name);
  });
});

describe('checkResultsCsv', () => {
  const ok = (line: number, date: string, game: string, number: string) =>
    expect.objectContaining({ line, ok: true, row: { date, game, number } });
  const bad = (line: number, error: string) => expect.objectContaining({ line, ok: false, error });

  it.each<[string, string, CheckedLine[] | unknown[]]>([
    ['a header is skipped', 'date,game,number\n2026-11-20,Gali,42', [ok(2, '2026-11-20', 'Gali', '42')]],
    ['the header is optional', '2026-11-20,Gali,42', [ok(1, '2026-11-20', 'Gali', '42')]],
    [
      'a header-like line later is a bad row',
      '2026-11-20,Gali,42\ndate,game,number',
      [ok(1, '2026-11-20', 'Gali', '42'), bad(2, 'Not a date: use DD-MM-YYYY, for example 31-01-2026')],
    ],
    ['blank lines and CRLF are skipped', '\r\n2026-11-20,Gali,42\r\n\r\n', [ok(2, '2026-11-20', 'Gali', '42')]],
    [
      'a one-digit number is refused, as Update Number refuses it',
      '2026-11-20,Gali,7',
      [bad(1, 'Number must be two digits from 00 to 99.')],
    ],
    ['a number with spaces around it', '2026-11-20, Gali , 07 ', [ok(1, '2026-11-20', 'Gali', '07')]],
    ['tabs from a spreadsheet', '2026-11-20\tDisawer\t05', [ok(1, '2026-11-20', 'Disawar', '05')]],
    ['semicolons and quotes', '"20-11-2026";"Gali";"42"', [ok(1, '2026-11-20', 'Gali', '42')]],
    ['a trailing comma', '2026-11-20,Gali,42,', [ok(1, '2026-11-20', 'Gali', '42')]],
    ['today is allowed', '2026-11-21,Gali,42', [ok(1, '2026-11-21', 'Gali', '42')]],
    ['too few values', '2026-11-20,Gali', [bad(1, 'Expected 3 values: date,game,number')]],
    ['too many values', '2026-11-20,Gali,42,extra', [bad(1, 'Expected 3 values: date,game,number')]],
    ['a bad date', '2026-02-30,Gali,42', [bad(1, 'Not a date: use DD-MM-YYYY, for example 31-01-2026')]],
    ['a future date', '2026-11-22,Gali,42', [bad(1, 'The date cannot be in the future.')]],
    ['an unknown game', '2026-11-20,Atlantis,42', [bad(1, 'Unknown game: Atlantis')]],
    ['a number out of range', '2026-11-20,Gali,100', [bad(1, 'Number must be two digits from 00 to 99.')]],
    ['a number that is not one', '2026-11-20,Gali,4x', [bad(1, 'Number must be two digits from 00 to 99.')]],
    ['an empty number', '2026-11-20,Gali,', [bad(1, 'Number must be two digits from 00 to 99.')]],
    [
      'the same game and day twice, in any spelling',
      '2026-11-20,Disawar,11\n20-11-2026,disawer,12',
      [ok(1, '2026-11-20', 'Disawar', '11'), bad(2, 'Same game and date as line 1')],
    ],
  ])('%s', (_name, text, expected) => {
    expect(checkResultsCsv(text, context)).toEqual(expected);
  });

  it('checks 400 lines and marks only the bad one', () => {
    const lines = Array.from({ length: 400 }, (_, i) => {
      const day = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
      return i === 123 ? `${day},Gali,abc` : `${day},Gali,${String(i % 100).padStart(2, '0')}`;
    });
    const checked = checkResultsCsv(lines.join('\n'), context);
    expect(checked).toHaveLength(400);
    expect(checked.filter((c) => !c.ok)).toEqual([bad(124, 'Number must be two digits from 00 to 99.')]);
  });
});
