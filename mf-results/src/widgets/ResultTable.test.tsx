// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '@satta/shared/data';
import { setPushFollow, setPushFollowActions } from '@satta/shared/ui';
import ResultTable from './ResultTable.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';
import { ist, sampleGames } from '../testing/sampleGames.ts';

describe('ResultTable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', '12:25'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function row(game: string): HTMLElement {
    const header = screen.getByRole('rowheader', { name: new RegExp(`^${game}`) });
    const tr = header.closest('tr');
    if (!tr) throw new Error(`no row for ${game}`);
    return tr;
  }

  it('shows the loading text until data arrives', () => {
    renderWithData(<ResultTable />, fakeResultsData());
    expect(screen.getByRole('table')).toHaveProperty('textContent', expect.stringContaining('Loading...'));
  });

  it('has a caption and the specification headings', () => {
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames()));
    renderWithData(<ResultTable />, fake);
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toContain('आज और कल के रिज़ल्ट');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headings).toEqual(['गेम', 'कल आया था', 'आज का रिज़ल्ट']);
  });

  it("shows 'Wait...' until today's number exists, then the number, live", () => {
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
    renderWithData(<ResultTable />, fake);
    const cells = within(row('Gali')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['42', 'Wait...']);
    expect(cells[1]?.querySelector('[data-state="wait"]')).not.toBeNull();

    act(() => fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42', '2026-03-15': '07' } }))));
    const after = within(row('Gali')).getAllByRole('cell');
    expect(after.map((c) => c.textContent)).toEqual(['42', '07']);
    expect(after[1]?.querySelector('[data-state="result"]')).not.toBeNull();
  });

  it("shows '--' for a missing yesterday and 'N/A' for a missing time", () => {
    const fake = fakeResultsData();
    const games = sampleGames({ Mathura: { '2026-03-15': '11' } });
    const mathura = games.find((g) => g.name === 'Mathura');
    if (mathura) mathura.time = null;
    fake.games$.next(live(games));
    renderWithData(<ResultTable />, fake);
    expect(
      within(row('Mathura'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['--', '11']);
    expect(within(row('Mathura')).getByRole('rowheader').textContent).toBe('MathuraN/A');
  });

  it('orders the twelve admin games first, then the others by place', () => {
    const fake = fakeResultsData();
    fake.games$.next(live([...sampleGames()].reverse()));
    renderWithData(<ResultTable />, fake);
    const names = screen.getAllByRole('rowheader').map((th) => th.firstChild?.textContent);
    expect(names).toEqual([
      'Bilaspur',
      'Mathura',
      'Gangotri',
      'Delhi Bazar',
      'Shri Ganesh',
      'Ferozpur',
      'Faridabad',
      'Palika bazar',
      'Gaziyabad',
      'Dwarka bazar',
      'Gali',
      'Disawar',
      'Puskar',
      'Sadar Bazar',
      'Gwalior',
      'Agra',
      'Sadak',
    ]);
  });

  it('marks cached data until the live answer arrives', () => {
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames(), true));
    renderWithData(<ResultTable />, fake);
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached');
    act(() => fake.games$.next(live(sampleGames())));
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });

  it('says when the cached data was current, in India’s time', () => {
    const fake = fakeResultsData();
    fake.games$.next({ ...live(sampleGames(), true), at: Date.UTC(2026, 2, 14, 18, 35) });
    renderWithData(<ResultTable />, fake);
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached · 15-03 00:05');
  });

  it('moves to the new day at midnight', () => {
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-15': '33' } })));
    vi.setSystemTime(ist('2026-03-15', '23:59'));
    renderWithData(<ResultTable />, fake);
    expect(
      within(row('Gali'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['--', '33']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(
      within(row('Gali'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['33', 'Wait...']);
  });

  it('fits a phone: the headings may break between words, game names and numbers never do', () => {
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
    renderWithData(<ResultTable />, fake);
    const table = screen.getByRole('table');
    for (const heading of within(table).getAllByRole('columnheader')) expect(getComputedStyle(heading).whiteSpace).toBe('normal');
    expect(getComputedStyle(within(row('Gali')).getByRole('rowheader')).whiteSpace).toBe('nowrap');
    for (const cell of within(row('Gali')).getAllByRole('cell')) expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
  });

  describe("the admin's notice of the day", () => {
    const cells = (game: string) =>
      within(row(game))
        .getAllByRole('cell')
        .map((c) => c.textContent);

    it("shows a game's notice instead of 'Wait...', live, and 'Wait...' again once it is removed", () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
      fake.read('notices:2026-03-15').next(live({ Gali: 'रिजल्ट में देरी' }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Gali')).toEqual(['42', 'रिजल्ट में देरी']);
      expect(row('Gali').querySelector('[data-state="wait"]')).toBeNull();
      expect(row('Gali').querySelector('[data-state="notice"]')?.textContent).toBe('रिजल्ट में देरी');
      expect(cells('Disawar')).toEqual(['--', 'Wait...']);

      act(() => fake.read('notices:2026-03-15').next(live({ Gali: 'रिजल्ट में देरी', Disawar: 'Result delayed' })));
      expect(cells('Disawar')).toEqual(['--', 'Result delayed']);
      act(() => fake.read('notices:2026-03-15').next(live({})));
      expect(cells('Gali')).toEqual(['42', 'Wait...']);
      expect(cells('Disawar')).toEqual(['--', 'Wait...']);
    });

    it('gives way to the number once it is published, and to a day without a draw', () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-15': '07' } })));
      fake.holidays$.next(live({ Disawar: { dates: { '2026-03-15': true }, weekdays: {} } }));
      fake.read('notices:2026-03-15').next(live({ Gali: 'Result delayed', Disawar: 'Result delayed' }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Gali')).toEqual(['--', '07']);
      expect(cells('Disawar')).toEqual(['--', 'आज अवकाश (No draw today)']);
    });

    it("reads only today's notices: yesterday's are not shown", () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      fake.read('notices:2026-03-14').next(live({ Gali: 'Result delayed' }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Gali')).toEqual(['--', 'Wait...']);
    });
  });

  describe('days without a draw', () => {
    const cells = (game: string) =>
      within(row(game))
        .getAllByRole('cell')
        .map((c) => c.textContent);

    it("says 'आज अवकाश (No draw today)' for a game marked for today, calm, not 'Wait...'", () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
      fake.holidays$.next(live({ Gali: { dates: { '2026-03-15': true }, weekdays: {} } }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Gali')).toEqual(['42', 'आज अवकाश (No draw today)']);
      const today = within(row('Gali')).getAllByRole('cell')[1];
      const noDraw = today?.querySelector('[data-state="no-draw"]');
      expect(noDraw?.textContent).toBe('आज अवकाश (No draw today)');
      expect(today?.querySelector('[data-state="wait"]')).toBeNull();
      // Other games still wait for their number.
      expect(cells('Disawar')).toEqual(['--', 'Wait...']);
    });

    it('may break the no-draw text between its Hindi and English words to fit a phone', () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      fake.holidays$.next(live({ Gali: { dates: { '2026-03-15': true }, weekdays: {} } }));
      renderWithData(<ResultTable />, fake);
      const noDraw = row('Gali').querySelector<HTMLElement>('[data-state="no-draw"]');
      if (!noDraw) throw new Error('no no-draw text');
      expect(getComputedStyle(noDraw).whiteSpace).toBe('normal');
      const parts = [...noDraw.children].map((part) => [part.textContent, getComputedStyle(part).whiteSpace]);
      expect(parts).toEqual([
        ['आज अवकाश', 'nowrap'],
        ['(No draw today)', 'nowrap'],
      ]);
    });

    it("says 'अवकाश' for yesterday of a game that had no draw yesterday", () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Bilaspur: { '2026-03-15': '81' } })));
      fake.holidays$.next(live({ Bilaspur: { dates: { '2026-03-14': true }, weekdays: {} } }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Bilaspur')).toEqual(['अवकाश (No draw)', '81']);
      const yesterday = within(row('Bilaspur')).getAllByRole('cell')[0]?.querySelector('[data-state="no-draw"]');
      expect(yesterday?.getAttribute('title')).toBe('No draw');
    });

    it('shows the number of a marked day that has one', () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42', '2026-03-15': '07' } })));
      fake.holidays$.next(live({ Gali: { dates: { '2026-03-14': true, '2026-03-15': true }, weekdays: {} } }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Gali')).toEqual(['42', '07']);
      expect(row('Gali').querySelector('[data-state="no-draw"]')).toBeNull();
    });

    it('reads a weekly mark from its first date on', () => {
      // Thursday 26 November 2026; Wednesday the 25th draws.
      vi.setSystemTime(ist('2026-11-26', '12:25'));
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      fake.holidays$.next(live({ Mathura: { dates: {}, weekdays: { thu: '2026-11-01' } } }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Mathura')).toEqual(['--', 'आज अवकाश (No draw today)']);
      // Friday: yesterday was the Thursday without a draw.
      act(() => vi.setSystemTime(ist('2026-11-27', '00:01')));
      act(() => vi.advanceTimersByTime(60_000));
      expect(cells('Mathura')).toEqual(['अवकाश (No draw)', 'Wait...']);
    });

    it('does not apply a weekly mark before its first date', () => {
      // Thursday 29 October 2026, before the mark's first date.
      vi.setSystemTime(ist('2026-10-29', '12:25'));
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      fake.holidays$.next(live({ Mathura: { dates: {}, weekdays: { thu: '2026-11-01' } } }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Mathura')).toEqual(['--', 'Wait...']);
    });

    it('finds the marks of a game stored under another spelling', () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      fake.holidays$.next(live({ Disawer: { dates: { '2026-03-15': true }, weekdays: {} } }));
      renderWithData(<ResultTable />, fake);
      expect(cells('Disawar')).toEqual(['--', 'आज अवकाश (No draw today)']);
    });

    it("waits with 'Wait...' until the marks have loaded, then follows them live", () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      renderWithData(<ResultTable />, fake);
      expect(cells('Gali')).toEqual(['--', 'Wait...']);
      act(() => fake.holidays$.next(live({ Gali: { dates: { '2026-03-15': true }, weekdays: {} } })));
      expect(cells('Gali')).toEqual(['--', 'आज अवकाश (No draw today)']);
      act(() => fake.holidays$.next(live({})));
      expect(cells('Gali')).toEqual(['--', 'Wait...']);
    });
  });

  describe('publish times and corrections', () => {
    // 2026-03-14 11:32:05 PM and 11:40:42 PM IST; 2026-03-15 12:21:30 PM IST.
    const AT_2332 = Date.UTC(2026, 2, 14, 18, 2, 5);
    const AT_2340 = Date.UTC(2026, 2, 14, 18, 10, 42);
    const AT_1221 = Date.UTC(2026, 2, 15, 6, 51, 30);

    function timedGames() {
      const games = sampleGames({ Gali: { '2026-03-14': '42' }, Bilaspur: { '2026-03-14': '18', '2026-03-15': '81' } });
      const gali = games.find((g) => g.name === 'Gali');
      const bilaspur = games.find((g) => g.name === 'Bilaspur');
      if (!gali || !bilaspur) throw new Error('sample games changed');
      gali.meta = { '2026-03-14': { publishedAt: AT_2332, updatedAt: AT_2340, was: '41' } };
      bilaspur.meta = { '2026-03-15': { publishedAt: AT_1221, updatedAt: AT_1221 } };
      return games;
    }

    it('shows the publish time on hover and on focus, and marks a corrected number', () => {
      const fake = fakeResultsData();
      fake.games$.next(live(timedGames()));
      renderWithData(<ResultTable />, fake);
      const today = within(row('Bilaspur')).getByRole('button', { name: '81' });
      expect(today.getAttribute('title')).toBe('प्रकाशित 12:21 PM IST');
      expect(today.getAttribute('aria-expanded')).toBe('false');
      act(() => today.focus());
      expect(today.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('note').textContent).toBe('प्रकाशित 12:21 PM IST');

      const corrected = within(row('Gali')).getByRole('button', { name: '42 संशोधित' });
      expect(corrected.getAttribute('title')).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
      expect(
        within(row('Gali'))
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['42संशोधितसंशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST', 'Wait...']);
    });

    it("says when the shown results were last updated, and keeps the line's space without times", () => {
      const fake = fakeResultsData();
      fake.games$.next(live(timedGames()));
      renderWithData(<ResultTable />, fake);
      expect(screen.getByTestId('last-updated').textContent).toBe('Last updated 12:21:30 PM IST');
      act(() => fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } }))));
      expect(screen.getByTestId('last-updated').textContent).toBe('\u00a0');
      expect(within(row('Gali')).queryByRole('button')).toBeNull();
    });
  });

  describe('push notifications per game', () => {
    afterEach(() => {
      setPushFollow({ active: false, games: null });
      setPushFollowActions(null);
    });

    const bell = (game: string) => within(row(game)).getByRole('button', { name: `${game} की सूचना चालू/बंद (Notify for ${game})` });

    it('shows no bell while this browser has no stored subscription', () => {
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
      renderWithData(<ResultTable />, fake);
      expect(within(row('Gali')).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('button', { name: 'सूचना सेटिंग (Notification settings)' })).toBeNull();
    });

    it('puts a bell beside each game’s time, pressed for the games followed, and hands a press to the shell', () => {
      const toggle = vi.fn();
      const openSettings = vi.fn();
      setPushFollowActions({ toggle, openSettings });
      setPushFollow({ active: true, games: ['Gali', 'Disawer'] });
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
      renderWithData(<ResultTable />, fake);
      expect(bell('Gali').getAttribute('aria-pressed')).toBe('true');
      expect(bell('Disawar').getAttribute('aria-pressed')).toBe('true');
      expect(bell('Sadak').getAttribute('aria-pressed')).toBe('false');
      // Inside the game's own cell, on the time's line: no cell or column of its own.
      expect(bell('Gali').parentElement?.textContent).toBe('11:30 PM');
      expect(within(row('Gali')).getByRole('rowheader').contains(bell('Gali'))).toBe(true);
      expect(
        within(row('Gali'))
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['42', 'Wait...']);
      expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(3);

      fireEvent.click(bell('Sadak'));
      expect(toggle).toHaveBeenCalledWith('Sadak', expect.arrayContaining(['Gali', 'Disawar', 'Sadak']));
      expect((toggle.mock.calls[0] as [string, string[]])[1]).toHaveLength(17);
      fireEvent.click(screen.getByRole('button', { name: 'सूचना सेटिंग (Notification settings)' }));
      // With the table's games, so a game the admin added outside the registry is offered too.
      expect((openSettings.mock.calls[0] as [string[]])[0]).toHaveLength(17);

      act(() => setPushFollow({ active: true, games: null }));
      expect(bell('Sadak').getAttribute('aria-pressed')).toBe('true');
      act(() => setPushFollow({ active: true, games: [] }));
      expect(bell('Gali').getAttribute('aria-pressed')).toBe('false');
    });

    it('is not in the server’s HTML, and appears after hydration without a mismatch', async () => {
      setPushFollow({ active: true, games: ['Gali'] });
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
      const ui = (
        <DataProvider value={fake.data}>
          <ResultTable />
        </DataProvider>
      );
      const html = renderToString(ui);
      expect(html).not.toContain('Notify for');
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await act(async () => {
        render(ui, { container, hydrate: true });
      });
      expect(errors).not.toHaveBeenCalled();
      expect(bell('Gali').getAttribute('aria-pressed')).toBe('true');
      container.remove();
    });
  });
});
