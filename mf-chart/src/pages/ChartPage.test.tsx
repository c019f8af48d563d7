// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartPage from './ChartPage.tsx';
import { reloadPage } from '../rules/reloadPage.ts';
import { LOAD_TIMEOUT_MS } from '../rules/withLoadTimeout.ts';
import { fakeChartData, live, renderWithData } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

vi.mock('../rules/reloadPage.ts', () => ({ reloadPage: vi.fn() }));

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
    expect(within(grid).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Delhi Bazar', 'Faridabad', 'Palika bazar', 'Gaziyabad', 'Dwarka bazar', 'Gali', 'Disawar',
    ]);
  });

  it('opens the yearly chart, closes it with Escape and gives focus back to the game button', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
    renderWithData(<ChartPage />, fake);
    const gali = screen.getByRole('button', { name: 'Gali' });
    gali.focus();
    fireEvent.click(gali);
    const dialog = screen.getByRole('dialog', { name: 'Gali - Yearly Chart 2026' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(gali);
  });

  it('closes with the Close button', () => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake);
    fireEvent.click(screen.getByRole('button', { name: 'Disawar' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
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
