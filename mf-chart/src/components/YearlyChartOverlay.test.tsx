// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayResults } from '@satta/shared/domain/results';
import { useState } from 'react';
import { YearlyChartOverlay } from './YearlyChartOverlay.tsx';
import { useGameYears } from '../hooks/useGameYears.ts';
import { fakeChartData, live, renderWithData } from '../testing/fakeChartData.tsx';

/** The overlay as the chart page drives it: the year is the page's (its address), the years the database's. */
function Harness({ onClose }: { onClose: () => void }) {
  const [year, setYear] = useState(2026);
  const { years } = useGameYears('Gali', 2026);
  return <YearlyChartOverlay game="Gali" year={year} years={years} todayKey="2026-11-15" onYearChange={setYear} onClose={onClose} />;
}

function open(fake = fakeChartData(), onClose = () => undefined) {
  return renderWithData(<Harness onClose={onClose} />, fake);
}

function cell(table: HTMLElement, day: number, month: string): string {
  const months = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  const column = months.indexOf(month);
  const row = within(table)
    .getByRole('rowheader', { name: String(day) })
    .closest('tr') as HTMLElement;
  return row.children[column]?.textContent ?? '';
}

describe('YearlyChartOverlay', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is a full-screen dialog titled with the game and year, with the data date in the footer', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Gali - Yearly Chart 2026' })).toBeTruthy();
    expect(screen.getByText('Data as of 15-11-2026')).toBeTruthy();
    expect(screen.getByText('Loading data...')).toBeTruthy();
  });

  it('shows a 31 x 12 grid with each number in its day and month, "-" elsewhere', () => {
    const fake = fakeChartData();
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42', '2026-12-31': '99', '2026-01-01': '07' }));
    open(fake);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Date',
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
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect(cell(table, 5, 'March')).toBe('42');
    expect(cell(table, 5, 'April')).toBe('-');
    expect(cell(table, 4, 'March')).toBe('-');
    expect(cell(table, 31, 'December')).toBe('99');
    expect(cell(table, 1, 'January')).toBe('07');
    expect(cell(table, 30, 'February')).toBe('-');
    const numbers = within(table)
      .getAllByRole('cell')
      .filter((td) => td.textContent !== '-');
    expect(numbers).toHaveLength(3);
  });

  it('updates live when a number is added', () => {
    const fake = fakeChartData();
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
    open(fake);
    act(() => fake.year$('Gali', 2026).next(live({ '2026-03-05': '42', '2026-11-15': '15' })));
    expect(cell(screen.getByRole('table'), 15, 'November')).toBe('15');
  });

  it('offers the years with data and shows the chosen one', async () => {
    const fake = fakeChartData();
    fake.years.set('Gali', [2026, 2025, 2024]);
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
    fake.year$('Gali', 2025).next(live({ '2025-03-06': '24' }));
    open(fake);
    await act(async () => undefined);
    const select = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026', '2025', '2024']);
    fireEvent.change(select, { target: { value: '2025' } });
    expect(screen.getByRole('dialog', { name: 'Gali - Yearly Chart 2025' })).toBeTruthy();
    expect(cell(screen.getByRole('table'), 6, 'March')).toBe('24');
    expect(cell(screen.getByRole('table'), 5, 'March')).toBe('-');
  });

  it('says a year without results has none yet (not an error) and offers the year before', () => {
    const fake = fakeChartData();
    fake.year$('Gali', 2026).next(live({}));
    fake.year$('Gali', 2025).next(live({ '2025-03-06': '24' }));
    open(fake);
    expect(screen.getByText('2026 में Gali का अभी कोई रिज़ल्ट नहीं आया है। (No Gali results in 2026 yet.)')).toBeTruthy();
    expect(screen.queryByText('No data available')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2025 का चार्ट देखें (View the 2025 chart)' }));
    expect(screen.getByRole('dialog', { name: 'Gali - Yearly Chart 2025' })).toBeTruthy();
    expect(cell(screen.getByRole('table'), 6, 'March')).toBe('24');
  });

  it("shows 'Failed to process data' when the data cannot be shaped", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeChartData();
    const broken = new Proxy<DayResults>(
      {},
      {
        get() {
          throw new TypeError('unreadable record');
        },
      },
    );
    fake.year$('Gali', 2026).next(live(broken));
    open(fake);
    expect(screen.getByText('Failed to process data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('moves focus into the dialog, keeps Tab inside and closes on Escape', () => {
    const onClose = vi.fn();
    open(fakeChartData(), onClose);
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    const select = within(dialog).getByRole('combobox');
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(select);
    fireEvent.keyDown(select, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('gives each number its publish time as the title, and marks a corrected one with the earlier value', () => {
    const fake = fakeChartData();
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42', '2026-03-06': '43', '2026-03-07': '44' }));
    // 2026-03-05 11:32 PM IST; 2026-03-06 11:31 PM, corrected 11:40 PM IST; the 7th is old data.
    fake.yearMeta$('Gali', 2026).next(
      live({
        '2026-03-05': { publishedAt: Date.UTC(2026, 2, 5, 18, 2), updatedAt: Date.UTC(2026, 2, 5, 18, 2) },
        '2026-03-06': { publishedAt: Date.UTC(2026, 2, 6, 18, 1), updatedAt: Date.UTC(2026, 2, 6, 18, 10), was: '41' },
      }),
    );
    open(fake);
    const table = screen.getByRole('table');
    const td = (day: number) =>
      within(table)
        .getByRole('rowheader', { name: String(day) })
        .closest('tr')?.children[3] as HTMLElement;
    expect(td(5).getAttribute('title')).toBe('प्रकाशित 11:32 PM IST');
    expect(td(5).textContent).toBe('42');
    expect(td(6).getAttribute('title')).toBe('संशोधित: पहले 41 (11:31 PM), बदला 11:40 PM IST');
    expect(td(6).textContent).toBe('43* (संशोधित: पहले 41 (11:31 PM), बदला 11:40 PM IST)');
    expect(td(7).getAttribute('title')).toBeNull();
    expect(td(7).textContent).toBe('44');
  });

  describe('days without a draw', () => {
    /** The cell of a day and month itself, for its attributes. */
    const td = (table: HTMLElement, day: number, month: string) => {
      const months = within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      return within(table)
        .getByRole('rowheader', { name: String(day) })
        .closest('tr')?.children[months.indexOf(month)] as HTMLElement;
    };

    it('marks a marked date without a number, keeps a number on a marked date, and explains the mark under the chart', () => {
      const fake = fakeChartData();
      fake.holidays$.next(live({ Gali: { dates: { '2026-03-04': true, '2026-03-05': true, '2026-11-20': true }, weekdays: {} } }));
      fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
      open(fake);
      const table = screen.getByRole('table');
      expect(cell(table, 4, 'March')).toBe('अवकाश');
      expect(td(table, 4, 'March').getAttribute('title')).toBe('No draw');
      expect(td(table, 4, 'March').getAttribute('aria-label')).toBe('अवकाश (No draw)');
      expect(within(table).getByRole('cell', { name: 'अवकाश (No draw)' })).toBe(td(table, 4, 'March'));
      expect(cell(table, 5, 'March')).toBe('42');
      // After today (15 November): as before.
      expect(cell(table, 20, 'November')).toBe('-');
      expect(within(table).getAllByText('अवकाश')).toHaveLength(1);
      expect(screen.getByText('अवकाश = No draw')).toBeTruthy();
    });

    it('a weekly mark marks the Sundays from its first date on, up to today', () => {
      const fake = fakeChartData();
      fake.holidays$.next(live({ Gali: { dates: {}, weekdays: { sun: '2026-11-01' } } }));
      fake.year$('Gali', 2026).next(live({ '2026-11-08': '18' }));
      open(fake);
      const table = screen.getByRole('table');
      expect(cell(table, 25, 'October')).toBe('-');
      expect(cell(table, 1, 'November')).toBe('अवकाश');
      expect(cell(table, 8, 'November')).toBe('18');
      expect(cell(table, 15, 'November')).toBe('अवकाश');
      expect(cell(table, 22, 'November')).toBe('-');
      expect(cell(table, 29, 'November')).toBe('-');
      expect(cell(table, 2, 'November')).toBe('-');
      expect(within(table).getAllByText('अवकाश')).toHaveLength(2);
    });

    it('shows no legend without a mark, and follows the marks live', () => {
      const fake = fakeChartData();
      // Gali has marks, none shown: the marked day has a number, the other is still to come.
      fake.holidays$.next(live({ Gali: { dates: { '2026-03-05': true, '2026-12-01': true }, weekdays: {} } }));
      fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
      open(fake);
      const table = screen.getByRole('table');
      expect(within(table).queryByText('अवकाश')).toBeNull();
      expect(screen.queryByText('अवकाश = No draw')).toBeNull();
      act(() => fake.holidays$.next(live({ Gali: { dates: { '2026-03-05': true, '2026-03-06': true }, weekdays: {} } })));
      expect(cell(table, 6, 'March')).toBe('अवकाश');
      expect(screen.getByText('अवकाश = No draw')).toBeTruthy();
      act(() => fake.holidays$.next(live({})));
      expect(cell(table, 6, 'March')).toBe('-');
      expect(screen.queryByText('अवकाश = No draw')).toBeNull();
    });

    it("a finished year's chart shows the page's marks without following them", () => {
      const fake = fakeChartData();
      fake.holidays$.next(live({ Gali: { dates: { '2025-03-06': true }, weekdays: {} } }));
      fake.year$('Gali', 2025).next(live({ '2025-03-05': '24' }));
      renderWithData(
        <YearlyChartOverlay
          game="Gali"
          year={2025}
          years={[2026, 2025]}
          todayKey="2026-11-15"
          follow={false}
          onYearChange={() => undefined}
          onClose={() => undefined}
        />,
        fake,
      );
      const table = screen.getByRole('table');
      expect(cell(table, 6, 'March')).toBe('अवकाश');
      // Asked without following the live node (the data service then keeps the page's copy).
      expect(fake.holidaysAsked).toEqual([false]);
    });
  });
});
