// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartPage from './ChartPage.tsx';
import { reloadPage } from '../rules/reloadPage.ts';
import { LOAD_TIMEOUT_MS } from '../rules/withLoadTimeout.ts';
import { fakeChartData, live, renderWithData } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

vi.mock('../rules/reloadPage.ts', () => ({ reloadPage: vi.fn() }));

/**
 * Runs `close`, which goes Back in history. jsdom goes Back on timers of its own that the fake
 * clock does not drive, so Back is played here as the browser does it: the previous address
 * (/chart, where the chart was opened) and a popstate. The e2e tests use the real Back.
 */
function goneBack(close: () => void): void {
  const back = vi.spyOn(window.history, 'back').mockImplementation(() => {
    window.history.replaceState(null, '', '/chart');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  act(close);
  expect(back).toHaveBeenCalledOnce();
  back.mockRestore();
}

const NAMES = ['Gali', 'Disawar', 'Delhi Bazar', 'Gaziyabad', 'Faridabad', 'Palika bazar', 'Dwarka bazar'];

describe('ChartPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-11-15', '12:00'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.mocked(reloadPage).mockClear();
  });

  it('shows the header with the current year, the subtitle and the Hindi intro', () => {
    renderWithData(<ChartPage />, fakeChartData());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Satta King Chart 2026');
    expect(screen.getByText('Live results and historical data')).toBeTruthy();
    expect(screen.getByText(/सट्टा किंग चार्ट/)).toBeTruthy();
  });

  it("shows 'Loading data...' until the game list arrives", () => {
    const fake = fakeChartData();
    renderWithData(<ChartPage />, fake);
    expect(screen.getAllByText('Loading data...').length).toBeGreaterThan(0);
    act(() => fake.names$.next(live(NAMES)));
    expect(screen.getByText('Select Sattaname to View Chart')).toBeTruthy();
    expect(screen.getByText('7 sattaname(s) found')).toBeTruthy();
  });

  it('keeps the final size while loading: a box per known game and a row per day of the month', () => {
    const { container } = renderWithData(<ChartPage />, fakeChartData());
    const busy = [...container.querySelectorAll('[aria-busy="true"]')];
    expect(busy).toHaveLength(2);
    expect(busy[0]?.querySelectorAll('li')).toHaveLength(17);
    expect([...(busy[1]?.querySelectorAll('table') ?? [])].map((table) => table.querySelectorAll('tbody tr').length)).toEqual([15, 15]);
    // Row headers only label real data.
    expect(container.querySelectorAll('tbody th')).toHaveLength(0);
  });

  it('filters the games case-insensitively and counts them', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake);
    const search = screen.getByPlaceholderText('Search sattaname...');
    fireEvent.change(search, { target: { value: 'BAZAR' } });
    expect(screen.getByText('3 sattaname(s) found')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /bazar/i }).map((b) => b.textContent);
    expect(buttons).toEqual(['Delhi Bazar', 'Palika bazar', 'Dwarka bazar']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('0 sattaname(s) found')).toBeTruthy();
    expect(screen.getByText('No sattanames found matching your search')).toBeTruthy();
  });

  it('lists the games in the fixed order', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake);
    const grid = screen.getByRole('list');
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delhi Bazar', 'Faridabad', 'Palika bazar', 'Gaziyabad', 'Dwarka bazar', 'Gali', 'Disawar']);
  });

  it('opens the yearly chart at its own address, closes it with Escape (Back) and gives focus back to the game button', async () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
    renderWithData(<ChartPage />, fake);
    const gali = screen.getByRole('button', { name: 'Gali' });
    gali.focus();
    act(() => fireEvent.click(gali));
    expect(window.location.pathname).toBe('/chart/gali/2026');
    expect(document.title).toBe('Gali Chart 2026 – Satta King Result');
    const dialog = screen.getByRole('dialog', { name: 'Gali - Yearly Chart 2026' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    goneBack(() => fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' }));
    expect(window.location.pathname).toBe('/chart');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(gali);
  });

  it('closes with the Close button', async () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Disawar' })));
    goneBack(() => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a shared link, another year replaces the address, and Close goes to /chart', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    fake.years.set('Delhi Bazar', [2026, 2025]);
    fake.year$('Delhi Bazar', 2025).next(live({ '2025-03-06': '24' }));
    const meta = Object.assign(document.createElement('meta'), { name: 'description', content: 'the site' });
    document.head.append(meta);
    renderWithData(<ChartPage />, fake, '/chart/delhi-bazar/2025');
    expect(screen.getByRole('dialog', { name: 'Delhi Bazar - Yearly Chart 2025' })).toBeTruthy();
    expect(document.title).toBe('Delhi Bazar Chart 2025 – Satta King Result');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Delhi Bazar yearly chart 2025');
    const length = window.history.length;
    act(() => fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2026' } }));
    expect(window.location.pathname).toBe('/chart/delhi-bazar/2026');
    expect(window.history.length).toBe(length);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(window.location.pathname).toBe('/chart');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(meta.content).toBe('the site');
    meta.remove();
  });

  it('sends an alias to the canonical address', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake, '/chart/Disawer/2026');
    expect(window.location.pathname).toBe('/chart/disawar/2026');
    expect(screen.getByRole('dialog', { name: 'Disawar - Yearly Chart 2026' })).toBeTruthy();
  });

  it.each([
    ['/chart/no-such-game', '"no-such-game" नाम का कोई सट्टानाम नहीं है। (There is no sattaname called "no-such-game".)'],
    ['/chart/gali/2031', 'Gali का 2031 का कोई चार्ट नहीं है। (There is no 2031 chart of Gali.)'],
    ['/chart/gali/2026/extra', 'इस पते पर कोई चार्ट नहीं है। (There is no chart at this address.)'],
  ])('%s is a helpful not-found page', (path, reason) => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake, path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('यह चार्ट नहीं मिला (Chart not found)');
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'सभी चार्ट (All charts)' }).getAttribute('href')).toBe('/chart');
    expect(screen.getByRole('link', { name: 'Delhi Bazar' }).getAttribute('href')).toBe('/chart/delhi-bazar/2026');
    expect(document.title).toBe('Chart not found – Satta King Result');
  });

  it('a past year without results is not found once the database has listed the years', async () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    fake.years.set('Gali', [2026, 2025]);
    renderWithData(<ChartPage />, fake, '/chart/gali/2019');
    expect(screen.getByRole('dialog', { name: 'Gali - Yearly Chart 2019' })).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Gali का 2019 का कोई चार्ट नहीं है। (There is no 2019 chart of Gali.)')).toBeTruthy();
  });

  it("shows 'Failed to load data from server' with Try Again, which reloads", () => {
    const fake = fakeChartData();
    fake.names$.next({ data: undefined, stale: false, error: new Error('permission denied') });
    renderWithData(<ChartPage />, fake);
    expect(screen.getByText('Failed to load data from server')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('reports a server that does not answer as failed to load', () => {
    renderWithData(<ChartPage />, fakeChartData());
    act(() => vi.advanceTimersByTime(LOAD_TIMEOUT_MS));
    expect(screen.getAllByText('Failed to load data from server').length).toBe(2);
    expect(screen.getAllByRole('button', { name: 'Try Again' }).length).toBe(2);
  });

  it("shows 'No data available' with Try Again for an empty database", () => {
    const fake = fakeChartData();
    fake.names$.next(live([]));
    renderWithData(<ChartPage />, fake);
    expect(screen.getByText('No data available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('marks a cached game list until the live one arrives', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES, true));
    renderWithData(<ChartPage />, fake);
    expect(screen.getByTestId('stale-badge')).toBeTruthy();
    act(() => fake.names$.next(live(NAMES)));
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });
});
