// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { StaleBadge, trustPageData } from './StaleBadge.tsx';

const NOW = Date.UTC(2026, 10, 23, 8, 30); // 14:00 in India

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  trustPageData(undefined);
  vi.useRealTimers();
});

describe('StaleBadge', () => {
  it("is not in the server's HTML, and appears right after hydrating a copy of it an hour old, without a mismatch", async () => {
    // The service worker's copy of a page: its data an hour old, the page not trusted as fresh.
    const heading = (show: boolean) => (
      <h2>
        आज और कल के रिज़ल्ट
        <StaleBadge show={show} at={NOW - 3_600_000} />
      </h2>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(heading(false));
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, heading(true), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="stale-badge"]')?.textContent).toBe('पुराना डेटा / cached · 23-11 13:00');
    container.remove();
  });

  it('marks data from an earlier visit at once, with its time in India', () => {
    render(<StaleBadge show at={Date.UTC(2026, 10, 22, 17, 45)} />);
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached · 22-11 23:15');
  });

  it('marks data without a time at once, without one', () => {
    render(<StaleBadge show />);
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached');
  });

  it('gives the data of a page rendered a moment ago 3 s to go live before marking it', () => {
    const { rerender } = render(<StaleBadge show at={NOW - 5_000} />);
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached · 23-11 13:59');
    rerender(<StaleBadge show={false} at={NOW - 5_000} />);
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });

  it('gives the data of a page fresh from the server 3 s too, however long ago it last changed', () => {
    const lastChange = Date.UTC(2026, 10, 23, 6, 0); // 11:30 in India, 2.5 hours ago
    trustPageData(lastChange);
    render(<StaleBadge show at={lastChange} />);
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached · 23-11 11:30');
  });

  it("marks other old data at once, also on such a page (an earlier visit's, or the worker's copy)", () => {
    trustPageData(Date.UTC(2026, 10, 23, 6, 0));
    render(<StaleBadge show at={Date.UTC(2026, 10, 22, 17, 45)} />);
    expect(screen.getByTestId('stale-badge').textContent).toBe('पुराना डेटा / cached · 22-11 23:15');
  });

  it('shows nothing while the data is live', () => {
    render(<StaleBadge show={false} at={Date.UTC(2026, 10, 22, 17, 45)} />);
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });
});
