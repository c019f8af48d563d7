// @vitest-environment node
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '@satta/shared/data';
import ResultTable from './ResultTable.tsx';
import CurrentGame from './CurrentGame.tsx';
import NextGame from './NextGame.tsx';
import MonthlyTable from './MonthlyTable.tsx';
import { fakeResultsData, live } from '../testing/fakeResultsData.tsx';
import { ist, sampleGames } from '../testing/sampleGames.ts';

/*
 * The server renders with the marks inline (the render service serves holidays$ from its
 * snapshot, synchronously): its HTML already has the no-draw words, so the page starts with
 * them and nothing is swapped in the browser.
 */
describe('days without a draw in the server’s HTML', () => {
  afterEach(() => vi.useRealTimers());

  function html(ui: ReactElement): string {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', '12:25'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42' } })));
    fake.holidays$.next(
      live({
        Bilaspur: { dates: { '2026-03-14': true, '2026-03-15': true }, weekdays: {} },
        Mathura: { dates: { '2026-03-15': true }, weekdays: {} },
        Gali: { dates: { '2026-03-10': true }, weekdays: {} },
      }),
    );
    return renderToString(<DataProvider value={fake.data}>{ui}</DataProvider>);
  }

  it('has the no-draw words in the result table', () => {
    const page = html(<ResultTable />);
    const bilaspur = page.slice(page.indexOf('data-game="Bilaspur"'), page.indexOf('data-game="Mathura"'));
    expect(bilaspur).toContain('अवकाश');
    expect(bilaspur).toContain('आज अवकाश');
    expect(bilaspur).toContain('(No draw today)');
    expect(bilaspur).toContain('data-state="no-draw"');
    expect(bilaspur).not.toContain('Wait...');
  });

  it('skips the games without a draw in the current and next game', () => {
    expect(html(<CurrentGame />)).toContain('Disawar');
    expect(html(<NextGame />)).toContain('Puskar');
  });

  it('has the no-draw word in the monthly table', () => {
    const page = html(<MonthlyTable />);
    const tenth = page.slice(page.indexOf('>10-03<'), page.indexOf('>11-03<'));
    expect(tenth).toContain('अवकाश');
    expect(tenth).toContain('title="No draw"');
  });
});
