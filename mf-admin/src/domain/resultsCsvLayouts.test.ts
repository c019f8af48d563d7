import { describe, expect, it } from 'vitest';
import { checkResultsCsv, contextOf } from './resultsCsv.ts';

const games = ['Gali', 'Disawar', 'Delhi Bazar'];
const context = { todayKey: '2026-11-21', games };
const okRows = (text: string, fileName?: string) =>
  checkResultsCsv(text, fileName === undefined ? context : { ...context, fileName }).map((c) => (c.ok ? c.row : c.error));

describe('the layouts operators have', () => {
  it("reads the site's own yearly chart download, its game and year from the file name", () => {
    // mf-chart/src/download/csv.ts: a byte order mark, Date and the months, one row per day.
    const months = 'January,February,March,April,May,June,July,August,September,October,November,December';
    const csv = `\uFEFFDate,${months}\r\n1,42,,07,-,No draw,,,,,,,\r\n2,,13,,,,,,,,,,\r\n30,11,55,,,,,,,,,,\r\n`;
    expect(okRows(csv, 'gali-2025-chart.csv')).toEqual([
      { date: '2025-01-01', game: 'Gali', number: '42' },
      { date: '2025-03-01', game: 'Gali', number: '07' },
      { date: '2025-02-02', game: 'Gali', number: '13' },
      { date: '2025-01-30', game: 'Gali', number: '11' },
      'Not a date: use DD-MM-YYYY, for example 31-01-2026',
    ]);
  });

  it('reads a chart grid copied from the page, its game and year from a line above it', () => {
    expect(okRows('Delhi Bazar 2024\nDate\tJan\tFeb\n29\t\t61\n31\t05\t')).toEqual([
      { date: '2024-02-29', game: 'Delhi Bazar', number: '61' },
      { date: '2024-01-31', game: 'Delhi Bazar', number: '05' },
    ]);
  });

  it('says what a chart grid lacks when nothing names its game and year, and imports nothing', () => {
    expect(okRows('Date,January\n1,42')).toEqual([
      'A chart of months needs its game and year: put a line such as "Gali 2025" above it, or name the file like gali-2025-chart.csv.',
    ]);
  });

  it("reads the site's monthly chart download: days down, games across", () => {
    expect(okRows('\uFEFFDate,Gali,Disawar\r\n1,42,05\r\n2,,17\r\n', 'monthly-chart-2025-11.csv')).toEqual([
      { date: '2025-11-01', game: 'Gali', number: '42' },
      { date: '2025-11-01', game: 'Disawar', number: '05' },
      { date: '2025-11-02', game: 'Disawar', number: '17' },
    ]);
  });

  it('reads one file for all games with full dates, DD-MM-YYYY or YYYY-MM-DD', () => {
    expect(okRows('Date,Gali,Disawar\n31-12-2010,42,05\n2011-01-01,,17')).toEqual([
      { date: '2010-12-31', game: 'Gali', number: '42' },
      { date: '2010-12-31', game: 'Disawar', number: '05' },
      { date: '2011-01-01', game: 'Disawar', number: '17' },
    ]);
  });

  it('reads one file per game: date,number named by the file or by a header', () => {
    expect(okRows('date,number\n01-01-2005,42\n2005-01-02,17', 'disawer.csv')).toEqual([
      { date: '2005-01-01', game: 'Disawar', number: '42' },
      { date: '2005-01-02', game: 'Disawar', number: '17' },
    ]);
    expect(okRows('01-01-2005,42', 'gali.csv')).toEqual([{ date: '2005-01-01', game: 'Gali', number: '42' }]);
    expect(okRows('Date,Gali\n01-01-2005,42')).toEqual([{ date: '2005-01-01', game: 'Gali', number: '42' }]);
    expect(okRows('date,number\n01-01-2005,42')).toEqual([
      'This file has dates and numbers but no game: name the file after the game (gali.csv) or add a header Date,Gali.',
    ]);
  });

  it('reads the export of the dashboard back (date,game,number with a header)', () => {
    expect(okRows('date,game,number\r\n01-01-2005,Gali,42\r\n01-01-2005,Delhi Bazar,07\r\n', 'results-all-games.csv')).toEqual([
      { date: '2005-01-01', game: 'Gali', number: '42' },
      { date: '2005-01-01', game: 'Delhi Bazar', number: '07' },
    ]);
  });

  it('a day of a monthly chart without its year and month is refused with what to do', () => {
    expect(okRows('Date,Gali\n1,42')).toEqual([
      'A chart of days needs its year and month: put a line such as "2025-11" above it, or name the file like monthly-chart-2025-11.csv.',
    ]);
  });
});

describe('contextOf', () => {
  it.each([
    ['gali-2025-chart.csv', { game: 'Gali', year: 2025, month: null }],
    ['delhi-bazar-2019-chart.csv', { game: 'Delhi Bazar', year: 2019, month: null }],
    ['monthly-chart-2025-11.csv', { game: null, year: 2025, month: 11 }],
    ['Gali - Yearly Chart 2025', { game: 'Gali', year: 2025, month: null }],
    ['disawar.csv', { game: 'Disawar', year: null, month: null }],
    ['', { game: null, year: null, month: null }],
  ])('%j', (name, want) => {
    expect(contextOf(name, games)).toEqual(want);
  });
});
