import { describe, expect, it } from 'vitest';
import type { Holidays } from '@satta/shared/domain/holidays';
import type { DayResults } from '@satta/shared/domain/results';
import { monthlyChart, yearlyChart } from '@satta/shared/domain/yearlyChart';
import { monthlyNoDraw, showsNoDraw, yearlyNoDraw } from './noDrawCells.ts';

/** The marked cells of a yearly chart as 'MM-DD', for literal expectations. */
const markedDays = (marks: boolean[][] | null) =>
  (marks ?? []).flatMap((row, d) =>
    row.flatMap((marked, m) => (marked ? [`${String(m + 1).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`] : [])),
  );

describe('days without a draw in a chart', () => {
  it('marks a marked day without a number, up to today only; a number wins', () => {
    const holidays: Holidays = { Gali: { dates: { '2026-11-02': true, '2026-11-03': true, '2026-11-20': true }, weekdays: {} } };
    expect(showsNoDraw(holidays, 'Gali', '2026-11-02', null, '2026-11-15')).toBe(true);
    expect(showsNoDraw(holidays, 'Gali', '2026-11-03', '42', '2026-11-15')).toBe(false);
    expect(showsNoDraw(holidays, 'Gali', '2026-11-20', null, '2026-11-15')).toBe(false);
    expect(showsNoDraw(holidays, 'Gali', '2026-11-15', null, '2026-11-15')).toBe(false);
    expect(showsNoDraw(holidays, 'Disawar', '2026-11-02', null, '2026-11-15')).toBe(false);
    expect(showsNoDraw(undefined, 'Gali', '2026-11-02', null, '2026-11-15')).toBe(false);
  });

  it("a yearly chart: the marked days without a number, today's too, none after today", () => {
    const holidays: Holidays = { Gali: { dates: { '2026-03-05': true, '2026-03-06': true, '2026-12-25': true }, weekdays: {} } };
    const grid = yearlyChart({ '2026-03-06': '42' }, 2026);
    expect(markedDays(yearlyNoDraw(holidays, 'Gali', 2026, grid, '2026-11-15'))).toEqual(['03-05']);
    // A past year's chart: every day is before today.
    expect(markedDays(yearlyNoDraw(holidays, 'Gali', 2026, grid, '2027-01-10'))).toEqual(['03-05', '12-25']);
  });

  it('a weekly mark: the Sundays from its first date on, up to today', () => {
    const holidays: Holidays = { Gali: { dates: {}, weekdays: { sun: '2026-11-01' } } };
    const grid = yearlyChart({ '2026-11-08': '18' }, 2026);
    // 25 October is a Sunday before the first date; 8 November has a number; 22 and 29 are to come.
    expect(markedDays(yearlyNoDraw(holidays, 'Gali', 2026, grid, '2026-11-15'))).toEqual(['11-01', '11-15']);
  });

  it('is null when nothing is marked (no mark, no legend)', () => {
    const grid = yearlyChart({ '2026-03-05': '42' }, 2026);
    expect(yearlyNoDraw(undefined, 'Gali', 2026, grid, '2026-11-15')).toBeNull();
    expect(yearlyNoDraw({}, 'Gali', 2026, grid, '2026-11-15')).toBeNull();
    expect(yearlyNoDraw({ Disawar: { dates: { '2026-03-04': true }, weekdays: {} } }, 'Gali', 2026, grid, '2026-11-15')).toBeNull();
    // Marked only where a number was published, or after today: nothing shown.
    const shownNone: Holidays = { Gali: { dates: { '2026-03-05': true, '2026-12-01': true }, weekdays: {} } };
    expect(yearlyNoDraw(shownNone, 'Gali', 2026, grid, '2026-11-15')).toBeNull();
  });

  it('a monthly chart: per table, under any spelling of the column, the merged number winning', () => {
    const games: { name: string; results: DayResults }[] = [
      { name: 'Disawer', results: { '2026-11-01': '11' } },
      { name: 'Gali', results: { '2026-11-03': '33' } },
    ];
    const tables = [
      { columns: ['Disawar', 'Gali'], rows: monthlyChart('2026-11-03', games, ['Disawar', 'Gali']) },
      { columns: ['Mathura'], rows: monthlyChart('2026-11-03', games, ['Mathura']) },
    ];
    const holidays: Holidays = {
      disawar: { dates: { '2026-11-01': true, '2026-11-02': true }, weekdays: {} },
      Gali: { dates: { '2026-11-03': true }, weekdays: { sun: '2026-11-01' } },
    };
    expect(monthlyNoDraw(holidays, tables, '2026-11-03')).toEqual([
      [
        [false, true],
        [true, false],
        [false, false],
      ],
      null,
    ]);
    expect(monthlyNoDraw({ Mathura: { dates: { '2026-11-04': true }, weekdays: {} } }, tables, '2026-11-03')).toBeNull();
    expect(monthlyNoDraw({}, tables, '2026-11-03')).toBeNull();
  });
});
