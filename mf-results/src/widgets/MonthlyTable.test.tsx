// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameData } from '@satta/shared/domain/results';
import MonthlyTable from './MonthlyTable.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';
import { ist, sampleGames } from '../testing/sampleGames.ts';

function tables() {
  const [pinned, scrolling] = screen.getAllByRole('table');
  if (!pinned || !scrolling) throw new Error('expected two tables');
  return { pinned, scrolling };
}

function dates(table: HTMLElement): string[] {
  return within(table)
    .queryAllByRole('rowheader')
    .map((th) => th.textContent ?? '');
}

function rowOf(table: HTMLElement, label: string): string[] {
  const tr = within(table).getByRole('rowheader', { name: label }).closest('tr');
  return within(tr as HTMLElement)
    .getAllByRole('cell')
    .map((td) => td.textContent ?? '');
}

describe('MonthlyTable', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the loading text while loading', () => {
    renderWithData(<MonthlyTable />, fakeResultsData());
    expect(tables().pinned.textContent).toContain('Loading...');
  });

  it('has the fixed columns: four in the first block, eight in the scrolling one', () => {
    vi.setSystemTime(ist('2026-03-15', '12:00'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames()));
    renderWithData(<MonthlyTable />, fake);
    const { pinned, scrolling } = tables();
    const heads = (t: HTMLElement) =>
      within(t)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    expect(heads(pinned)).toEqual(['Date', 'Faridabad', 'Gaziyabad', 'Gali', 'Disawar']);
    expect(heads(scrolling)).toEqual([
      'Date',
      'Puskar',
      'Sadar Bazar',
      'Gwalior',
      'Delhi Bazar',
      'Shri Ganesh',
      'Agra',
      'Sadak',
      'Dwarka bazar',
    ]);
    expect(pinned.querySelector('caption')?.textContent).toContain('March 2026');
  });

  it('on the 1st shows only 01-MM, without future days or yesterday', () => {
    vi.setSystemTime(ist('2026-04-01', '09:00'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-31': '31', '2026-04-01': '01' } })));
    renderWithData(<MonthlyTable />, fake);
    const { pinned, scrolling } = tables();
    expect(dates(pinned)).toEqual(['01-04']);
    expect(dates(scrolling)).toEqual(['01-04']);
    expect(rowOf(pinned, '01-04')).toEqual(['-', '-', '01', '-']);
  });

  it('on the 31st shows 01..31 with numbers and "-" for gaps', () => {
    vi.setSystemTime(ist('2026-03-31', '23:59'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Faridabad: { '2026-03-01': '05', '2026-03-31': '99' }, Sadak: { '2026-03-15': '50' } })));
    renderWithData(<MonthlyTable />, fake);
    const { pinned, scrolling } = tables();
    expect(dates(pinned)).toEqual(Array.from({ length: 31 }, (_, i) => `${String(i + 1).padStart(2, '0')}-03`));
    expect(rowOf(pinned, '01-03')).toEqual(['05', '-', '-', '-']);
    expect(rowOf(pinned, '31-03')).toEqual(['99', '-', '-', '-']);
    expect(rowOf(scrolling, '15-03')).toEqual(['-', '-', '-', '-', '-', '-', '50', '-']);
  });

  it('reads games stored under another spelling (Disawer, Dwarka)', () => {
    vi.setSystemTime(ist('2026-03-02', '10:00'));
    const fake = fakeResultsData();
    fake.games$.next(
      live<GameData[]>([
        { name: 'Disawer', time: '02:00 AM', place: 12, results: { '2026-03-02': '12' } },
        { name: 'Dwarka', time: '10:25 PM', place: 10, results: { '2026-03-01': '34' } },
      ]),
    );
    renderWithData(<MonthlyTable />, fake);
    const { pinned, scrolling } = tables();
    expect(rowOf(pinned, '02-03')).toEqual(['-', '-', '-', '12']);
    expect(rowOf(scrolling, '01-03')[7]).toBe('34');
  });

  it("marks today's row in both blocks and offers a jump to it", () => {
    vi.setSystemTime(ist('2026-03-20', '12:00'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-20': '42' } })));
    renderWithData(<MonthlyTable />, fake);
    const { pinned, scrolling } = tables();
    const current = (t: HTMLElement) => [...t.querySelectorAll('tr[aria-current="date"]')].map((tr) => tr.querySelector('th')?.textContent);
    expect(current(pinned)).toEqual(['20-03']);
    expect(current(scrolling)).toEqual(['20-03']);

    const jump = screen.getByRole('link', { name: 'आज (20-03) की पंक्ति पर जाएँ' });
    expect(jump.getAttribute('href')).toBe('#monthly-today');
    const row = document.getElementById('monthly-today');
    expect(row?.textContent).toBe('20-03');
    const scrolled = vi.fn();
    if (row) row.scrollIntoView = scrolled;
    jump.click();
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(document.activeElement).toBe(row);
  });

  describe('days without a draw', () => {
    it("shows 'अवकाश' (meaning No draw) for a marked day without a number, the number where there is one", () => {
      // Thursday 26 November 2026; Gali has no draw on Thursdays from the 10th (the 12th, 19th and 26th).
      vi.setSystemTime(ist('2026-11-26', '12:00'));
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-11-19': '19' }, Faridabad: { '2026-11-02': '02' } })));
      fake.holidays$.next(
        live({
          Gali: { dates: {}, weekdays: { thu: '2026-11-10' } },
          Faridabad: { dates: { '2026-11-02': true, '2026-11-03': true, '2026-11-27': true }, weekdays: {} },
        }),
      );
      renderWithData(<MonthlyTable />, fake);
      const { pinned } = tables();
      expect(rowOf(pinned, '02-11')).toEqual(['02', '-', '-', '-']);
      expect(rowOf(pinned, '03-11')).toEqual(['अवकाश (No draw)', '-', '-', '-']);
      expect(rowOf(pinned, '05-11')).toEqual(['-', '-', '-', '-']);
      expect(rowOf(pinned, '12-11')).toEqual(['-', '-', 'अवकाश (No draw)', '-']);
      expect(rowOf(pinned, '19-11')).toEqual(['-', '-', '19', '-']);
      expect(rowOf(pinned, '26-11')).toEqual(['-', '-', 'अवकाश (No draw)', '-']);
      // Future days are not listed, marked or not.
      expect(dates(pinned).at(-1)).toBe('26-11');
      const mark = within(pinned).getByRole('rowheader', { name: '03-11' }).closest('tr')?.querySelector('[data-state="no-draw"]');
      expect(mark?.textContent).toBe('अवकाश (No draw)');
      expect(mark?.getAttribute('title')).toBe('No draw');
    });

    it('marks the scrolling block too, and reads marks stored under another spelling', () => {
      vi.setSystemTime(ist('2026-03-02', '10:00'));
      const fake = fakeResultsData();
      fake.games$.next(
        live<GameData[]>([
          { name: 'Disawer', time: '02:00 AM', place: 12, results: {} },
          { name: 'Dwarka', time: '10:25 PM', place: 10, results: { '2026-03-01': '34' } },
        ]),
      );
      fake.holidays$.next(
        live({
          Disawer: { dates: { '2026-03-02': true }, weekdays: {} },
          'Dwarka bazar': { dates: { '2026-03-01': true, '2026-03-02': true }, weekdays: {} },
        }),
      );
      renderWithData(<MonthlyTable />, fake);
      const { pinned, scrolling } = tables();
      expect(rowOf(pinned, '02-03')).toEqual(['-', '-', '-', 'अवकाश (No draw)']);
      expect(rowOf(scrolling, '01-03')[7]).toBe('34');
      expect(rowOf(scrolling, '02-03')[7]).toBe('अवकाश (No draw)');
    });

    it("shows '-' until the marks have loaded", () => {
      vi.setSystemTime(ist('2026-03-02', '10:00'));
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      renderWithData(<MonthlyTable />, fake);
      expect(rowOf(tables().pinned, '01-03')).toEqual(['-', '-', '-', '-']);
      act(() => fake.holidays$.next(live({ Gali: { dates: { '2026-03-01': true }, weekdays: {} } })));
      expect(rowOf(tables().pinned, '01-03')).toEqual(['-', '-', 'अवकाश (No draw)', '-']);
    });
  });

  it('has no jump while loading', () => {
    renderWithData(<MonthlyTable />, fakeResultsData());
    expect(screen.queryByTestId('monthly-jump')).toBeNull();
  });
});
