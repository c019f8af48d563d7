// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

// Widgets stay loading: this test is about the frame around them.
vi.mock('./remotes/federationRuntime.ts', () => ({
  setRemote: () => undefined,
  getRemote: () => new Promise(() => undefined),
  wrapDefault: (module: unknown) => module,
}));

const { App } = await import('./App.tsx');
const { SPLASH_SEEN_KEY } = await import('./layout/splashState.ts');

function renderApp(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('the splash', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('greets the first page view of the session for 2 s, with the page already rendered beneath', () => {
    renderApp();
    expect(screen.getByRole('status', { name: 'साइट खुल रही है (Opening the site)' })).toBeTruthy();
    expect(screen.getByTestId('nav')).toBeTruthy();
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByTestId('splash')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).toBeNull();
  });

  it('does not come back on a later page load of the same session (the reload button)', () => {
    renderApp();
    cleanup();
    renderApp('/chart');
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
  });
});

describe('chart addresses', () => {
  afterEach(cleanup);

  it('/chart/{game}/{year} is the chart page, with Chart current in the navigation', () => {
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    renderApp('/chart/delhi-bazar/2025');
    expect(document.querySelector('[data-widget="mf-chart/ChartPage"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Chart' }).getAttribute('aria-current')).toBe('page');
  });
});
