// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider, type Live } from '@satta/shared/data';
import { GAMES } from '@satta/shared/domain/games';
import type { Holidays } from '@satta/shared/domain/holidays';
import type { DayResults, GameData } from '@satta/shared/domain/results';
import { ServerPathProvider } from '@satta/shared/ui';
import ChartPage from './ChartPage.tsx';
import type { ChartData } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

/*
 * The chart page as the render service renders it: no document, every stream a synchronous
 * snapshot (as its SnapshotSource serves them). The days without a draw are marked in the HTML.
 */

const now = <T,>(data: T) => of<Live<T>>({ data, stale: false, error: null });

function snapshot(holidays: Holidays, years: Record<string, DayResults>): ChartData {
  const month: GameData[] = GAMES.map((g) => ({ name: g.name, time: g.defaultTime, place: g.place, results: {} }));
  return {
    gameNames$: () => now(GAMES.map((g) => g.name)),
    homeGames$: () => now(month),
    gameYear$: (game, year) => now(years[`${game}:${year}`] ?? {}),
    gameYearMeta$: () => now({}),
    gameYears: () => Promise.resolve([2026, 2025]),
    holidays$: () => now(holidays),
    timezone: 'Asia/Kolkata',
  };
}

const render = (path: string, data: ChartData) =>
  renderToString(
    <DataProvider value={data}>
      <ServerPathProvider value={path}>
        <ChartPage />
      </ServerPathProvider>
    </DataProvider>,
  );

/** The cells of a server-rendered table (its body's rows), as text per row. */
const cellsOf = (tableHtml: string) =>
  [...(tableHtml.split('<tbody>')[1] ?? '').matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((td) => td[1]),
  );

describe('ChartPage on the server: days without a draw', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-11-03', '10:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('marks them in the yearly chart and the monthly chart, each with its legend', () => {
    const html = render(
      '/chart/gali/2026',
      snapshot(
        { Gali: { dates: { '2026-11-02': true, '2026-03-05': true }, weekdays: { sun: '2026-11-01' } } },
        { 'Gali:2026': { '2026-03-05': '42' } },
      ),
    );
    const tables = html.split('<table').slice(1);
    expect(tables).toHaveLength(3);
    const [monthly] = tables as [string];
    // The monthly chart's first table: Gali is its sixth game; 1 (a Sunday) and 2 November marked.
    expect(cellsOf(monthly).map((row) => row[5])).toEqual(['अवकाश', 'अवकाश', '-']);
    const yearly = cellsOf(tables[2] as string);
    // The yearly chart: March 5th keeps its number; 1 and 2 November are marked, the 8th is to come.
    expect(yearly[4]?.[2]).toBe('42');
    expect(yearly.map((row) => row[10])).toEqual(['अवकाश', 'अवकाश', ...Array.from({ length: 29 }, () => '-')]);
    expect(html.match(/title="No draw" aria-label="अवकाश \(No draw\)"/g)).toHaveLength(4);
    expect(html.match(/>अवकाश = No draw</g)).toHaveLength(2);
  });

  it("marks them in a finished year's chart too (which follows nothing live)", () => {
    const html = render(
      '/chart/gali/2025',
      snapshot({ Gali: { dates: { '2025-12-31': true }, weekdays: {} } }, { 'Gali:2025': { '2025-03-05': '42' } }),
    );
    const yearly = cellsOf(html.split('<table').slice(1)[2] as string);
    expect(yearly[30]?.[11]).toBe('अवकाश');
    expect(html.match(/>अवकाश</g)).toHaveLength(1);
    expect(html.match(/>अवकाश = No draw</g)).toHaveLength(1);
  });

  it('has no mark and no legend when none is marked', () => {
    const html = render('/chart/gali/2026', snapshot({}, { 'Gali:2026': { '2026-03-05': '42' } }));
    expect(html).not.toContain('अवकाश');
  });
});
