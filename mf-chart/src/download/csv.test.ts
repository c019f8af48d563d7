import { describe, expect, it } from 'vitest';
import { yearlyChart } from '@satta/shared/domain/yearlyChart';
import { chartCsv, csvField, dataTimeText, monthlyChartTable, monthlyFileBase, yearlyChartTable, yearlyFileBase } from './csv.ts';

describe('chart CSV', () => {
  it('is the table as text: BOM, header, one CRLF line per day, empty fields for empty days', () => {
    const table = monthlyChartTable('Monthly Chart November 2025', [
      {
        columns: ['Gali', 'Delhi Bazar'],
        rows: [
          { day: 1, dateKey: '2025-11-01', cells: ['07', null] },
          { day: 2, dateKey: '2025-11-02', cells: [null, '42'] },
        ],
      },
      { columns: ['Shri Ganesh'], rows: [{ day: 1, dateKey: '2025-11-01', cells: ['99'] }] },
    ]);
    expect(chartCsv(table)).toBe('\uFEFFDate,Gali,Delhi Bazar,Shri Ganesh\r\n1,07,,99\r\n2,,42,\r\n');
  });

  it('a yearly chart is 31 rows by the 12 months, each number under its day and month', () => {
    const csv = chartCsv(
      yearlyChartTable('Gali - Yearly Chart 2025', yearlyChart({ '2025-01-01': '07', '2025-03-05': '42', '2025-12-31': '99' }, 2025)),
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Date,January,February,March,April,May,June,July,August,September,October,November,December');
    expect(lines[1]).toBe('1,07,,,,,,,,,,,');
    expect(lines[5]).toBe('5,,,42,,,,,,,,,');
    expect(lines[31]).toBe('31,,,,,,,,,,,,99');
    expect(lines).toHaveLength(33);
    expect(lines[32]).toBe('');
  });

  it("writes 'No draw' for a day without a draw, a number where one was published", () => {
    const grid = yearlyChart({ '2025-03-05': '42' }, 2025);
    const marks = grid.map((row, d) => row.map((_, m) => m === 2 && (d === 3 || d === 4)));
    const table = yearlyChartTable('Gali - Yearly Chart 2025', grid, marks);
    const lines = chartCsv(table).slice(1).split('\r\n');
    expect(lines[4]).toBe('4,,,No draw,,,,,,,,,');
    expect(lines[5]).toBe('5,,,42,,,,,,,,,');
    expect(lines[6]).toBe('6,,,,,,,,,,,,');
    // Only the rows with a mark carry marks.
    expect(table.rows[3]?.noDraw?.[2]).toBe(true);
    expect(table.rows[5]).toEqual({ label: '6', cells: Array.from({ length: 12 }, () => null) });

    const month = monthlyChartTable('Monthly Chart November 2025', [
      {
        columns: ['Gali', 'Delhi Bazar'],
        rows: [
          { day: 1, dateKey: '2025-11-01', cells: ['07', null] },
          { day: 2, dateKey: '2025-11-02', cells: [null, '42'] },
        ],
        noDraw: [
          [false, true],
          [false, false],
        ],
      },
      { columns: ['Shri Ganesh'], rows: [{ day: 1, dateKey: '2025-11-01', cells: [null] }], noDraw: null },
    ]);
    expect(chartCsv(month)).toBe('\uFEFFDate,Gali,Delhi Bazar,Shri Ganesh\r\n1,07,No draw,\r\n2,,42,\r\n');
  });

  it('quotes fields with commas, quotes or line breaks (RFC 4180)', () => {
    expect(csvField('Gali')).toBe('Gali');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(chartCsv({ title: 't', columns: ['Date', 'गली, "बाज़ार"'], rows: [] })).toBe('\uFEFFDate,"गली, ""बाज़ार"""\r\n');
  });

  it('names the files after the game and year, or the month', () => {
    expect(yearlyFileBase('Gali', 2025)).toBe('gali-2025-chart');
    expect(yearlyFileBase('Delhi Bazar', 2024)).toBe('delhi-bazar-2024-chart');
    expect(yearlyFileBase('Disawer', 2024)).toBe('disawar-2024-chart');
    expect(monthlyFileBase(2025, 3)).toBe('monthly-chart-2025-03');
  });

  it("writes the data's time in India's time", () => {
    expect(dataTimeText(Date.UTC(2025, 10, 23, 8, 35), 'Asia/Kolkata')).toBe('23-11-2025 14:05 IST');
    expect(dataTimeText(Date.UTC(2025, 11, 31, 20, 0), 'Asia/Kolkata')).toBe('01-01-2026 01:30 IST');
  });

  it("writes the data's time on the configured zone's clock, named after it", () => {
    // 01-01-2026 01:30 in India is still the last evening of 2025 in UTC and in New York.
    expect(dataTimeText(Date.UTC(2025, 11, 31, 20, 0), 'UTC')).toBe('31-12-2025 20:00 UTC');
    expect(dataTimeText(Date.UTC(2025, 11, 31, 20, 0), 'America/New_York')).toBe('31-12-2025 15:00 EST');
    expect(dataTimeText(Date.UTC(2025, 11, 31, 20, 0), 'Asia/Calcutta')).toBe('01-01-2026 01:30 IST');
  });
});
