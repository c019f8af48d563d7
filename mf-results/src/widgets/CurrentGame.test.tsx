// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holidays } from '@satta/shared/domain/holidays';
import CurrentGame from './CurrentGame.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';
import { ist, sampleGames } from '../testing/sampleGames.ts';

function shown() {
  return {
    name: screen.getByTestId('current-game-name').textContent,
    time: screen.getByTestId('current-game-time').textContent,
    yesterday: screen.getByTestId('current-game-yesterday').textContent?.replace(/^.*: /, ''),
    today: screen.getByTestId('current-game-today').textContent?.replace(/^.*: /, ''),
  };
}

describe('CurrentGame', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const results = {
    Gali: { '2026-03-14': '42', '2026-03-15': '07' },
    Bilaspur: { '2026-03-14': '18', '2026-03-15': '81' },
    Dwarka: {},
  };

  it.each([
    ['00:30', { name: 'Gali', time: '11:30 PM', yesterday: '42', today: '07' }],
    ['05:10', { name: 'Disawar', time: '02:00 AM', yesterday: '--', today: '--' }],
    ['12:25', { name: 'Bilaspur', time: '12:20 PM', yesterday: '18', today: '81' }],
    ['23:45', { name: 'Gali', time: '11:30 PM', yesterday: '42', today: '07' }],
  ])('at %s IST shows %j', (time, expected) => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', time));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames(results)));
    renderWithData(<CurrentGame />, fake);
    expect(shown()).toEqual(expected);
  });

  it("shows '--' everywhere while loading", () => {
    renderWithData(<CurrentGame />, fakeResultsData());
    expect(shown()).toEqual({ name: '--', time: '--', yesterday: '--', today: '--' });
  });

  it("shows 'N/A' for a game without a time", () => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', '00:30'));
    const fake = fakeResultsData();
    const games = sampleGames(results).map((g) => (g.name === 'Gali' ? { ...g, time: null } : g));
    fake.games$.next(live(games));
    renderWithData(<CurrentGame />, fake);
    expect(shown()).toEqual({ name: 'Gali', time: 'N/A', yesterday: '42', today: '07' });
  });

  it("shows today's publish time under the numbers, and a corrected mark with the earlier value", () => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', '23:45'));
    const games = sampleGames(results);
    const gali = games.find((g) => g.name === 'Gali');
    if (!gali) throw new Error('no Gali');
    // 2026-03-14 11:32 PM IST; 2026-03-15 11:31 PM and 11:40 PM IST.
    gali.meta = {
      '2026-03-14': { publishedAt: Date.UTC(2026, 2, 14, 18, 2), updatedAt: Date.UTC(2026, 2, 14, 18, 2) },
      '2026-03-15': { publishedAt: Date.UTC(2026, 2, 15, 18, 1), updatedAt: Date.UTC(2026, 2, 15, 18, 10), was: '41' },
    };
    const fake = fakeResultsData();
    fake.games$.next(live(games));
    renderWithData(<CurrentGame />, fake);
    expect(screen.getByTestId('current-game-published').textContent).toBe('प्रकाशित 11:31 PM IST');
    expect(screen.getByRole('button', { name: '07 संशोधित' }).getAttribute('title')).toBe('संशोधित: पहले 41 (11:31 PM), बदला 11:40 PM IST');
    expect(screen.getByRole('button', { name: '42' }).getAttribute('title')).toBe('प्रकाशित 11:32 PM IST');
  });

  describe('days without a draw', () => {
    function showAt(day: string, time: string, games: ReturnType<typeof sampleGames>, holidays: Holidays) {
      vi.useFakeTimers();
      vi.setSystemTime(ist(day, time));
      const fake = fakeResultsData();
      fake.games$.next(live(games));
      fake.holidays$.next(live(holidays));
      renderWithData(<CurrentGame />, fake);
      return fake;
    }

    it('skips a game without a draw today: the last game that drew is shown', () => {
      showAt('2026-03-15', '12:25', sampleGames({ Bilaspur: { '2026-03-14': '18' } }), {
        Bilaspur: { dates: { '2026-03-15': true }, weekdays: {} },
      });
      expect(shown()).toEqual({ name: 'Disawar', time: '02:00 AM', yesterday: '--', today: '--' });
    });

    it("says 'अवकाश' for the current game's day without a draw: Gali's today after 00:00, Bilaspur's yesterday", () => {
      showAt('2026-03-15', '00:30', sampleGames({ Gali: { '2026-03-14': '42' } }), {
        Gali: { dates: { '2026-03-15': true }, weekdays: {} },
      });
      expect(shown()).toEqual({ name: 'Gali', time: '11:30 PM', yesterday: '42', today: 'अवकाश (No draw)' });
      cleanup();
      showAt('2026-03-15', '12:25', sampleGames({ Bilaspur: { '2026-03-15': '81' } }), {
        Bilaspur: { dates: { '2026-03-14': true }, weekdays: {} },
      });
      expect(shown()).toEqual({ name: 'Bilaspur', time: '12:20 PM', yesterday: 'अवकाश (No draw)', today: '81' });
    });

    it('shows a marked game that has a number as before', () => {
      showAt('2026-03-15', '12:25', sampleGames(results), { Bilaspur: { dates: { '2026-03-15': true }, weekdays: {} } });
      expect(shown()).toEqual({ name: 'Bilaspur', time: '12:20 PM', yesterday: '18', today: '81' });
    });

    it('after a night without Gali, shows no game before 05:05', () => {
      showAt('2026-03-15', '00:30', sampleGames({ Gali: { '2026-03-15': '07' } }), {
        Gali: { dates: { '2026-03-14': true }, weekdays: {} },
      });
      expect(shown()).toEqual({ name: '--', time: '--', yesterday: '--', today: '--' });
    });

    it('reads a weekly mark from its first date on', () => {
      const holidays: Holidays = { Bilaspur: { dates: {}, weekdays: { thu: '2026-11-01' } } };
      // Thursday 26 November 2026.
      showAt('2026-11-26', '12:25', sampleGames(), holidays);
      expect(shown()).toEqual({ name: 'Disawar', time: '02:00 AM', yesterday: '--', today: '--' });
      cleanup();
      // Thursday 29 October 2026, before the mark's first date.
      showAt('2026-10-29', '12:25', sampleGames(), holidays);
      expect(shown()).toEqual({ name: 'Bilaspur', time: '12:20 PM', yesterday: '--', today: '--' });
    });

    it('moves on when a mark arrives', () => {
      vi.useFakeTimers();
      vi.setSystemTime(ist('2026-03-15', '12:25'));
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames({ Bilaspur: { '2026-03-14': '18' } })));
      renderWithData(<CurrentGame />, fake);
      expect(shown()).toEqual({ name: 'Bilaspur', time: '12:20 PM', yesterday: '18', today: '--' });
      act(() => fake.holidays$.next(live({ Bilaspur: { dates: { '2026-03-15': true }, weekdays: {} } })));
      expect(shown()).toEqual({ name: 'Disawar', time: '02:00 AM', yesterday: '--', today: '--' });
    });
  });

  it('keeps the publish line empty for old data without times', () => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', '23:45'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames(results)));
    renderWithData(<CurrentGame />, fake);
    expect(screen.getByTestId('current-game-published').textContent).toBe('\u00a0');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
