// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Holidays } from '@satta/shared/domain/holidays';
import NextGame from './NextGame.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';
import { ist, sampleGames } from '../testing/sampleGames.ts';

describe('NextGame', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows 'Loading...' while loading and links to /chart", () => {
    renderWithData(<NextGame />, fakeResultsData());
    expect(screen.getByTestId('next-game-name').textContent).toBe('Loading...');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/chart');
  });

  it.each([
    ['00:30', 'Disawar', '02:00 AM', '01:30:00'],
    ['05:10', 'Bilaspur', '12:20 PM', '07:10:00'],
    ['12:25', 'Mathura', '01:20 PM', '00:55:00'],
    ['23:45', 'Disawar', '02:00 AM (कल)', '02:15:00'],
  ])('at %s IST the next game is %s at %s, %s away', (time, name, at, countdown) => {
    vi.setSystemTime(ist('2026-03-15', time));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames()));
    renderWithData(<NextGame />, fake);
    expect(screen.getByTestId('next-game-name').textContent).toBe(name);
    expect(screen.getByTestId('next-game-time').textContent).toBe(at);
    expect(screen.getByTestId('next-game-countdown').textContent).toBe(countdown);
  });

  describe('days without a draw', () => {
    function showAt(day: string, time: string, games: ReturnType<typeof sampleGames>, holidays: Holidays) {
      vi.setSystemTime(ist(day, time));
      const fake = fakeResultsData();
      fake.games$.next(live(games));
      fake.holidays$.next(live(holidays));
      renderWithData(<NextGame />, fake);
      return {
        name: screen.getByTestId('next-game-name').textContent,
        time: screen.getByTestId('next-game-time').textContent,
        countdown: screen.getByTestId('next-game-countdown').textContent,
      };
    }

    it('skips a game without a draw today and counts to the next one that draws', () => {
      const shown = showAt('2026-03-15', '12:25', sampleGames(), { Mathura: { dates: { '2026-03-15': true }, weekdays: {} } });
      expect(shown).toEqual({ name: 'Puskar', time: '01:40 PM', countdown: '01:15:00' });
    });

    it('keeps a marked game that has a number', () => {
      const shown = showAt('2026-03-15', '12:25', sampleGames({ Mathura: { '2026-03-15': '55' } }), {
        Mathura: { dates: { '2026-03-15': true }, weekdays: {} },
      });
      expect(shown).toEqual({ name: 'Mathura', time: '01:20 PM', countdown: '00:55:00' });
    });

    it("after today's last game, skips tomorrow's first game when it has no draw tomorrow", () => {
      const shown = showAt('2026-03-15', '23:45', sampleGames(), { Disawar: { dates: { '2026-03-16': true }, weekdays: {} } });
      expect(shown).toEqual({ name: 'Bilaspur', time: '12:20 PM (कल)', countdown: '12:35:00' });
    });

    it('reads a weekly mark from its first date on', () => {
      // Thursday 26 November 2026.
      const shown = showAt('2026-11-26', '12:25', sampleGames(), { Mathura: { dates: {}, weekdays: { thu: '2026-11-01' } } });
      expect(shown).toEqual({ name: 'Puskar', time: '01:40 PM', countdown: '01:15:00' });
    });

    it('counts to the right game once the marks arrive', () => {
      vi.setSystemTime(ist('2026-03-15', '12:25'));
      const fake = fakeResultsData();
      fake.games$.next(live(sampleGames()));
      renderWithData(<NextGame />, fake);
      expect(screen.getByTestId('next-game-name').textContent).toBe('Mathura');
      act(() => fake.holidays$.next(live({ Mathura: { dates: { '2026-03-15': true }, weekdays: {} } })));
      expect(screen.getByTestId('next-game-name').textContent).toBe('Puskar');
      expect(screen.getByTestId('next-game-countdown').textContent).toBe('01:15:00');
    });
  });

  it('counts down every second', () => {
    vi.setSystemTime(ist('2026-03-15', '12:25'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames()));
    renderWithData(<NextGame />, fake);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('next-game-countdown').textContent).toBe('00:54:57');
  });
});
