// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import { DISMISSED_KEY } from './shouldPrompt.ts';
import { splashEnded } from '../layout/splashState.ts';

vi.mock('../push/resumePush.ts', () => ({ resumePush: () => undefined }));
vi.mock('../push/enablePush.ts', () => ({ enablePush: vi.fn(() => Promise.resolve('subscribed')) }));

const NOW = Date.parse('2026-11-23T12:00:00Z');

/** The page as the prompt sees it: the splash of index.html (or none) and, once added, a result row. */
function renderPage(splashDone = true) {
  if (!splashDone) {
    document.body.insertAdjacentHTML('afterbegin', '<div id="satta-splash"></div>');
  }
  return render(
    <>
      <div data-widget="mf-results/ResultTable">
        <table>
          <tbody id="rows" />
        </table>
      </div>
      <NotificationPrompt />
    </>,
  );
}

/** As the page does when the splash's time is up: index.html removes it, the app says so. */
function endSplash() {
  document.getElementById('satta-splash')?.remove();
  splashEnded();
}

/** Async: the page notices the row through a MutationObserver, whose callback is a microtask. */
async function showFirstResult() {
  await act(async () => {
    const row = document.createElement('tr');
    row.dataset.game = 'Gali';
    document.getElementById('rows')?.append(row);
    await Promise.resolve();
  });
}

const question = () => screen.queryByRole('dialog', { name: 'क्या आप सभी अपडेट और रिज़ल्ट सीधे अपने डिवाइस पर पाना चाहते हैं?' });

describe('NotificationPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    vi.setSystemTime(NOW);
    localStorage.clear();
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default' });
  });
  afterEach(() => {
    document.getElementById('satta-splash')?.remove();
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens 4 s after the first result row shows, never before', async () => {
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(question()).toBeNull();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(3999));
    expect(question()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(question()).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('हाँ, मुझे सूचित करें');
  });

  it('waits for the splash to go even when the results are already there', async () => {
    renderPage(false);
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(question()).toBeNull();
    act(endSplash);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(question()).not.toBeNull();
  });

  it("remembers 'नहीं, फिर कभी' in this browser for 30 days", async () => {
    renderPage();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    fireEvent.click(screen.getByRole('button', { name: 'नहीं, फिर कभी' }));
    expect(question()).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe(String(NOW + 4000));

    cleanup();
    vi.setSystemTime(NOW + 29 * 86_400_000);
    renderPage();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(question()).toBeNull();

    cleanup();
    vi.setSystemTime(NOW + 4000 + 30 * 86_400_000);
    renderPage();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(question()).not.toBeNull();
  });

  it('Escape closes it and counts as a refusal', async () => {
    renderPage();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(question()).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe(String(NOW + 4000));
  });

  it('appears without taking the focus from what the visitor is using', async () => {
    renderPage();
    const search = document.createElement('input');
    document.body.append(search);
    search.focus();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(question()).not.toBeNull();
    expect(document.activeElement).toBe(search);
    search.remove();
  });

  it('leaves Escape to an open modal dialog (a yearly chart), and stays', async () => {
    renderPage();
    const chart = document.createElement('div');
    chart.setAttribute('role', 'dialog');
    chart.setAttribute('aria-modal', 'true');
    document.body.append(chart);
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(question()).not.toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBeNull();
    chart.remove();
  });

  it('is not shown once notifications are allowed', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    renderPage();
    await showFirstResult();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(question()).toBeNull();
  });
});
