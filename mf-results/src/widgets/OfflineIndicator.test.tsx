// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OfflineIndicator from './OfflineIndicator.tsx';
import { OFFLINE_GRACE_MS } from '../rules/offlineAfterGrace.ts';
import { fakeResultsData, renderWithData } from '../testing/fakeResultsData.tsx';

describe('OfflineIndicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('does not flash while the first connection is made', () => {
    const fake = fakeResultsData();
    renderWithData(<OfflineIndicator />, fake);
    act(() => vi.advanceTimersByTime(OFFLINE_GRACE_MS - 500));
    act(() => fake.connected$.next(true));
    act(() => vi.advanceTimersByTime(OFFLINE_GRACE_MS * 2));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });

  it('appears after the grace period of a lost connection and goes on reconnect', () => {
    const fake = fakeResultsData();
    fake.connected$.next(true);
    renderWithData(<OfflineIndicator />, fake);
    act(() => fake.connected$.next(false));
    act(() => vi.advanceTimersByTime(OFFLINE_GRACE_MS - 1));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('ऑफ़लाइन');
    act(() => fake.connected$.next(true));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });
});
