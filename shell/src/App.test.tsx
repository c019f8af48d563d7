// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from './router/router.tsx';

// Widgets stay loading: this test is about the frame around them.
vi.mock('./remotes/federationRuntime.ts', () => ({
  setRemote: () => undefined,
  getRemote: () => new Promise(() => undefined),
  wrapDefault: (module: unknown) => module,
}));

const { App } = await import('./App.tsx');

function renderApp(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('the app under the splash', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    document.getElementById('satta-splash')?.remove();
    vi.useRealTimers();
  });

  it('renders the page beneath the splash of index.html, inert until the splash has gone', async () => {
    // As index.html leaves a first page view: the splash, which it removes after its time.
    document.body.insertAdjacentHTML('afterbegin', '<div id="satta-splash" data-testid="splash"></div>');
    renderApp();
    expect(screen.getByTestId('nav')).toBeTruthy();
    expect(document.querySelector('[inert]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(document.querySelector('[inert]')).not.toBeNull();
    // The app notices the removal through a MutationObserver, whose callback is a microtask.
    await act(async () => {
      document.getElementById('satta-splash')?.remove();
      await Promise.resolve();
    });
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('is not inert on a later page view, which has no splash', () => {
    renderApp('/chart');
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
  });
});

describe('chart addresses', () => {
  afterEach(cleanup);

  it('/chart/{game}/{year} is the chart page, with Chart current in the navigation', () => {
    renderApp('/chart/delhi-bazar/2025');
    expect(document.querySelector('[data-widget="mf-chart/ChartPage"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Chart' }).getAttribute('aria-current')).toBe('page');
  });
});
