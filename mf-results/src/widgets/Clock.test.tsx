// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Clock from './Clock.tsx';
import { fakeResultsData, renderWithData } from '../testing/fakeResultsData.tsx';
import { ist } from '../testing/sampleGames.ts';

describe('Clock', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the site time, 12-hour, with weekday and date, ticking every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-11-21', '23:59').getTime() + 58_000);
    renderWithData(<Clock />, fakeResultsData());
    expect(screen.getByTestId('clock-time').textContent).toBe('11:59:58 PM');
    expect(screen.getByTestId('clock-date').textContent).toBe('Saturday, November 21, 2026');
    expect(screen.getByTestId('clock-zone').textContent).toBe('IST');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock-time').textContent).toBe('11:59:59 PM');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock-time').textContent).toBe('12:00:00 AM');
    expect(screen.getByTestId('clock-date').textContent).toBe('Sunday, November 22, 2026');
  });
});
