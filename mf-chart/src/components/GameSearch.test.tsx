// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartPage from '../pages/ChartPage.tsx';
import { fakeChartData, live, renderWithData } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

const NAMES = ['Gali', 'Disawar', 'Delhi Bazar', 'Gaziyabad', 'Faridabad', 'Palika bazar', 'Dwarka bazar'];

/** The game buttons the visitor sees under the search box. */
function shownGames(): string[] {
  const list = screen.getByText(/sattaname\(s\) found/).closest('section') ?? document.body;
  return within(list as HTMLElement)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('chart search by other spellings', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-11-15', '12:00'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it.each([
    ['Disawer', ['Disawar'], '1 sattaname(s) found'],
    ['delhi bazar', ['Delhi Bazar'], '1 sattaname(s) found'],
    ['Ghaziabad', ['Gaziyabad'], '1 sattaname(s) found'],
    ['दिसावर', ['Disawar'], '1 sattaname(s) found'],
    ['बाजार', ['Delhi Bazar', 'Palika bazar', 'Dwarka bazar'], '3 sattaname(s) found'],
  ])("'%s' shows %j", (typed, games, count) => {
    const fake = fakeChartData();
    fake.names$.next(live(NAMES));
    renderWithData(<ChartPage />, fake);
    fireEvent.change(screen.getByPlaceholderText('Search sattaname...'), { target: { value: typed } });
    expect(screen.getByText(count)).toBeTruthy();
    expect(shownGames()).toEqual(games);
  });
});
