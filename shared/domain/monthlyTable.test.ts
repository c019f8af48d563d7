import { describe, expect, it } from 'vitest';
import { HOME_MONTHLY_COLUMNS } from './games.ts';
import { cellText, columnResults, monthlyRows } from './monthlyTable.ts';
import type { GameData } from './results.ts';

const game = (name: string, results: Record<string, string>): GameData => ({ name, time: null, place: null, results });

const GAMES_DATA: GameData[] = [
  game('Faridabad', { '2026-11-01': '11', '2026-11-02': '12', '2026-11-21': '21', '2026-11-22': '99', '2026-10-31': '31' }),
  game('Disawer', { '2026-11-01': '05', '2026-11-03': '07' }),
  game('delhi bazar', { '2026-11-02': '42' }),
  game('Dwarka', { '2026-11-21': '00' }),
  game('Kalyan', { '2026-11-01': '77' }),
];

describe('monthlyRows', () => {
  it.each([
    ['2026-11-01', 1],
    ['2026-11-21', 21],
    ['2026-12-31', 31],
    ['2027-02-28', 28],
    ['2028-02-29', 29],
  ])('on %s the table has %i rows, from 01 to today', (today, count) => {
    const rows = monthlyRows(today, GAMES_DATA, HOME_MONTHLY_COLUMNS);
    expect(rows).toHaveLength(count);
    expect(rows[0]?.dateKey).toBe(`${today.slice(0, 8)}01`);
    expect(rows.at(-1)?.dateKey).toBe(today);
  });

  it('shows DD-MM labels and the numbers a visitor sees on 2026-11-03', () => {
    const rows = monthlyRows('2026-11-03', GAMES_DATA, ['Faridabad', 'Disawar', 'Delhi Bazar', 'Dwarka bazar', 'Agra']);
    expect(rows.map((r) => [r.label, ...r.cells.map(cellText)])).toEqual([
      ['01-11', '11', '05', '-', '-', '-'],
      ['02-11', '12', '-', '42', '-', '-'],
      ['03-11', '-', '07', '-', '-', '-'],
    ]);
  });

  it('on the 1st there is exactly one row, with today missing as null', () => {
    expect(monthlyRows('2026-12-01', GAMES_DATA, ['Faridabad'])).toEqual([{ dateKey: '2026-12-01', label: '01-12', cells: [null] }]);
  });

  it('never shows a result recorded for a future day', () => {
    const rows = monthlyRows('2026-11-21', GAMES_DATA, ['Faridabad', 'Dwarka bazar']);
    expect(rows.at(-1)).toEqual({ dateKey: '2026-11-21', label: '21-11', cells: ['21', '00'] });
    expect(rows.some((r) => r.dateKey === '2026-11-22')).toBe(false);
  });

  it('has one cell per home column', () => {
    const [row] = monthlyRows('2026-11-01', GAMES_DATA, HOME_MONTHLY_COLUMNS);
    expect(row?.cells).toEqual(['11', null, null, '05', null, null, null, null, null, null, null, null]);
  });

  it('throws for a today that is not a date', () => {
    expect(() => monthlyRows('2026-11-31', GAMES_DATA, HOME_MONTHLY_COLUMNS)).toThrow(RangeError);
  });
});

describe('columnResults', () => {
  it('merges two spellings of one game, the first listed winning', () => {
    const merged = columnResults(
      [game('Disawer', { '2026-11-01': '05' }), game('Disawar', { '2026-11-01': '06', '2026-11-02': '08' })],
      ['Disawar', 'Gali'],
    );
    expect(merged).toEqual([{ '2026-11-01': '05', '2026-11-02': '08' }, {}]);
  });
});

describe('cellText', () => {
  it.each([
    ['05', '05'],
    ['00', '00'],
    [null, '-'],
  ])('%j -> %j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
