import { describe, expect, it } from 'vitest';
import { MONTHLY_CHART_TABLES } from './games.ts';
import { cellText } from './monthlyTable.ts';
import type { GameData } from './results.ts';
import { MONTH_NAMES, chartYearsFrom, monthlyChart, yearlyChart, yearsWithData } from './yearlyChart.ts';

describe('yearlyChart', () => {
  const results = {
    '2026-01-01': '05',
    '2026-02-28': '28',
    '2026-03-31': '31',
    '2026-12-31': '99',
    '2025-01-01': '11',
    '2027-01-01': '22',
  };
  const grid = yearlyChart(results, 2026);

  it('has 31 day rows and 12 month columns', () => {
    expect(grid).toHaveLength(31);
    for (const row of grid) expect(row).toHaveLength(12);
  });

  it.each([
    [1, 'January', '05'],
    [28, 'February', '28'],
    [31, 'March', '31'],
    [31, 'December', '99'],
    [2, 'January', null],
    [1, 'February', null],
  ])('day %i of %s shows %j', (day, month, value) => {
    expect(grid[day - 1]?.[MONTH_NAMES.indexOf(month as (typeof MONTH_NAMES)[number])]).toBe(value);
  });

  it.each([
    [2026, 29, 2],
    [2026, 30, 2],
    [2026, 31, 4],
    [2026, 31, 11],
  ])('%i: day %i of month %i does not exist and stays empty', (year, day, month) => {
    const full = Object.fromEntries(Array.from({ length: 12 }, (_, m) => [`${year}-${String(m + 1).padStart(2, '0')}-${day}`, '01']));
    expect(yearlyChart(full, year)[day - 1]?.[month - 1]).toBeNull();
  });

  it('fills 29 February in a leap year', () => {
    expect(yearlyChart({ '2028-02-29': '29' }, 2028)[28]?.[1]).toBe('29');
  });

  it('shows only the asked year', () => {
    expect(yearlyChart(results, 2025)[0]?.map(cellText)).toEqual(['11', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-']);
  });
});

describe('MONTH_NAMES', () => {
  it('runs January to December', () => {
    expect(MONTH_NAMES).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
  });
});

describe('monthlyChart', () => {
  const game = (name: string, results: Record<string, string>): GameData => ({ name, time: null, place: null, results });
  const data = [
    game('Disawer', { '2026-11-01': '05', '2026-11-02': '06', '2026-11-04': '08' }),
    game('Gali', { '2026-11-02': '42' }),
    game('Bilaspur', { '2026-11-03': '17' }),
  ];

  it.each([
    ['2026-11-01', 1],
    ['2026-11-03', 3],
    ['2026-12-31', 31],
  ])('on %s the chart has rows 1..%i', (today, count) => {
    expect(monthlyChart(today, data, MONTHLY_CHART_TABLES[0]).map((r) => r.day)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('shows both tables as a visitor sees them on 2026-11-03', () => {
    const [first, second] = MONTHLY_CHART_TABLES;
    const show = (columns: readonly string[]) =>
      monthlyChart('2026-11-03', data, columns).map((r) => [String(r.day), ...r.cells.map(cellText)]);
    expect(show(first)).toEqual([
      ['1', '05', '-', '-', '-', '-', '-'],
      ['2', '06', '-', '-', '-', '-', '42'],
      ['3', '-', '-', '-', '-', '-', '-'],
    ]);
    expect(show(second)).toEqual([
      ['1', '-', '-', '-', '-', '-', '-'],
      ['2', '-', '-', '-', '-', '-', '-'],
      ['3', '17', '-', '-', '-', '-', '-'],
    ]);
  });

  it('carries the date key of each row', () => {
    expect(monthlyChart('2026-11-02', data, ['Gali'])).toEqual([
      { day: 1, dateKey: '2026-11-01', cells: [null] },
      { day: 2, dateKey: '2026-11-02', cells: ['42'] },
    ]);
  });
});

describe('yearsWithData', () => {
  it.each<[string[], number[]]>([
    [
      ['2024-01-01', '2026-11-21', '2025-05-05', '2026-01-01'],
      [2026, 2025, 2024],
    ],
    [['time', 'place', '2026-02-30', '2023-12-31'], [2023]],
    [[], []],
  ])('%j -> %j', (keys, years) => {
    expect(yearsWithData(keys)).toEqual(years);
  });
});

describe('chartYearsFrom', () => {
  it('offers every year from the first result to this year, newest first', () => {
    expect(chartYearsFrom('2023-11-05', 2026)).toEqual([2026, 2025, 2024, 2023]);
    expect(chartYearsFrom('2026-01-01', 2026)).toEqual([2026]);
  });

  it('offers this year alone for a game without results or with a bad key', () => {
    expect(chartYearsFrom(null, 2026)).toEqual([2026]);
    expect(chartYearsFrom('someday', 2026)).toEqual([2026]);
  });
});
