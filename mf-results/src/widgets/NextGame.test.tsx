// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('counts down every second', () => {
    vi.setSystemTime(ist('2026-03-15', '12:25'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames()));
    renderWithData(<NextGame />, fake);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('next-game-countdown').textContent).toBe('00:54:57');
  });
});
