// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '@satta/shared/domain/games';
import type { GameData } from '@satta/shared/domain/results';
import { siteNow } from '@satta/shared/domain/siteTime';
import { MonthlyChart } from './MonthlyChart.tsx';
import { fakeChartData, live, renderWithData } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

function games(results: Record<string, Record<string, string>>): GameData[] {
  return GAMES.map((g) => ({ name: g.name, time: g.defaultTime, place: g.place, results: results[g.name] ?? {} }));
}

describe('MonthlyChart', () => {
  afterEach(cleanup);

  it('shows the two tables of six games, day 1 to today, "-" for gaps', () => {
    const fake = fakeChartData();
    fake.month$.next(live(games({ Disawar: { '2026-11-01': '11' }, 'Dwarka bazar': { '2026-11-03': '33' } })));
    renderWithData(<MonthlyChart today={siteNow(ist('2026-11-03', '10:00'))} />, fake);
    const [first, second] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];
    const heads = (t: HTMLElement) =>
      within(t)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    expect(heads(first)).toEqual(['Date', 'Disawar', 'Delhi Bazar', 'Shri Ganesh', 'Faridabad', 'Gaziyabad', 'Gali']);
    expect(heads(second)).toEqual(['Date', 'Bilaspur', 'Mathura', 'Gangotri', 'Ferozpur', 'Palika bazar', 'Dwarka bazar']);
    for (const table of [first, second]) {
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(['1', '2', '3']);
    }
    const row = (t: HTMLElement, day: string) =>
      within(within(t).getByRole('rowheader', { name: day }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(row(first, '1')).toEqual(['11', '-', '-', '-', '-', '-']);
    expect(row(second, '3')).toEqual(['-', '-', '-', '-', '-', '33']);
  });

  it("shows 'Loading data...' while loading", () => {
    renderWithData(<MonthlyChart today={siteNow(ist('2026-11-03', '10:00'))} />, fakeChartData());
    expect(screen.getByText('Loading data...')).toBeTruthy();
  });

  it('titles each number with its publish time and marks a corrected one with the earlier value', () => {
    const fake = fakeChartData();
    const month = games({ Disawar: { '2026-11-01': '11', '2026-11-02': '12' }, Gali: { '2026-11-01': '21' } });
    const disawar = month.find((g) => g.name === 'Disawar');
    if (!disawar) throw new Error('no Disawar');
    // 2026-11-01 02:01 AM IST; 2026-11-02 02:01 AM, corrected 02:10 AM IST.
    disawar.meta = {
      '2026-11-01': { publishedAt: Date.UTC(2026, 9, 31, 20, 31), updatedAt: Date.UTC(2026, 9, 31, 20, 31) },
      '2026-11-02': { publishedAt: Date.UTC(2026, 10, 1, 20, 31), updatedAt: Date.UTC(2026, 10, 1, 20, 40), was: '10' },
    };
    fake.month$.next(live(month));
    renderWithData(<MonthlyChart today={siteNow(ist('2026-11-03', '10:00'))} />, fake);
    const [first] = screen.getAllByRole('table') as [HTMLElement];
    const cells = (day: string) =>
      within(within(first).getByRole('rowheader', { name: day }).closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells('1')[0]?.getAttribute('title')).toBe('प्रकाशित 02:01 AM IST');
    expect(cells('1')[0]?.textContent).toBe('11');
    expect(cells('2')[0]?.getAttribute('title')).toBe('संशोधित: पहले 10 (02:01 AM), बदला 02:10 AM IST');
    expect(cells('2')[0]?.textContent).toBe('12* (संशोधित: पहले 10 (02:01 AM), बदला 02:10 AM IST)');
    // Gali has no times (old data): a plain cell.
    expect(cells('1')[5]?.getAttribute('title')).toBeNull();
    expect(cells('1')[5]?.textContent).toBe('21');
  });

  describe('days without a draw', () => {
    const row = (t: HTMLElement, day: string) =>
      within(within(t).getByRole('rowheader', { name: day }).closest('tr') as HTMLElement).getAllByRole('cell');
    const texts = (cells: HTMLElement[]) => cells.map((td) => td.textContent);

    it('marks a marked date without a number, keeps a number on a marked date, and explains the mark under the tables', () => {
      const fake = fakeChartData();
      fake.holidays$.next(
        live({
          Gali: { dates: { '2026-11-02': true }, weekdays: {} },
          // Another spelling of Disawar: its column. Its marked day has a number.
          Disawer: { dates: { '2026-11-01': true, '2026-11-03': true }, weekdays: {} },
        }),
      );
      fake.month$.next(live(games({ Disawar: { '2026-11-01': '11' } })));
      renderWithData(<MonthlyChart today={siteNow(ist('2026-11-03', '10:00'))} />, fake);
      const [first, second] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];
      expect(texts(row(first, '1'))).toEqual(['11', '-', '-', '-', '-', '-']);
      expect(texts(row(first, '2'))).toEqual(['-', '-', '-', '-', '-', 'अवकाश']);
      expect(texts(row(first, '3'))).toEqual(['अवकाश', '-', '-', '-', '-', '-']);
      const mark = row(first, '2')[5] as HTMLElement;
      expect(mark.getAttribute('title')).toBe('No draw');
      expect(mark.getAttribute('aria-label')).toBe('अवकाश (No draw)');
      expect(within(second).queryByText('अवकाश')).toBeNull();
      expect(screen.getAllByText('अवकाश = No draw')).toHaveLength(1);
    });

    it('a weekly mark marks the Sundays from its first date on', () => {
      const fake = fakeChartData();
      fake.holidays$.next(live({ Gali: { dates: {}, weekdays: { sun: '2026-11-08' } } }));
      fake.month$.next(live(games({ Gali: { '2026-11-15': '15' } })));
      renderWithData(<MonthlyChart today={siteNow(ist('2026-11-16', '10:00'))} />, fake);
      const [first] = screen.getAllByRole('table') as [HTMLElement];
      const gali = (day: string) => row(first, day)[5]?.textContent;
      // 1 November is a Sunday before the first date; the 15th has a number.
      expect(gali('1')).toBe('-');
      expect(gali('8')).toBe('अवकाश');
      expect(gali('15')).toBe('15');
      expect(gali('9')).toBe('-');
      expect(within(first).getAllByText('अवकाश')).toHaveLength(1);
    });

    it('shows no legend without a mark, and follows the marks live', () => {
      const fake = fakeChartData();
      // Marked after today: nothing to show yet.
      fake.holidays$.next(live({ Gali: { dates: { '2026-11-05': true }, weekdays: {} } }));
      fake.month$.next(live(games({})));
      renderWithData(<MonthlyChart today={siteNow(ist('2026-11-03', '10:00'))} />, fake);
      expect(screen.queryByText('अवकाश')).toBeNull();
      expect(screen.queryByText('अवकाश = No draw')).toBeNull();
      act(() => fake.holidays$.next(live({ Gali: { dates: { '2026-11-03': true }, weekdays: {} } })));
      const [first] = screen.getAllByRole('table') as [HTMLElement];
      expect(texts(row(first, '3'))).toEqual(['-', '-', '-', '-', '-', 'अवकाश']);
      expect(screen.getByText('अवकाश = No draw')).toBeTruthy();
    });
  });
});
