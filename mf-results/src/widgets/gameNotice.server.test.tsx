// @vitest-environment node
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '@satta/shared/data';
import ResultTable from './ResultTable.tsx';
import CurrentGame from './CurrentGame.tsx';
import { fakeResultsData, live } from '../testing/fakeResultsData.tsx';
import { ist, sampleGames } from '../testing/sampleGames.ts';

/*
 * The server renders with today's notices inline (the render service serves the table's read from
 * its snapshot, synchronously): its HTML already has the notice where 'Wait...' would be.
 */
describe("the admin's notice of the day in the server's HTML", () => {
  afterEach(() => vi.useRealTimers());

  function html(ui: ReactElement, notices: Record<string, string>): string {
    vi.useFakeTimers();
    vi.setSystemTime(ist('2026-03-15', '12:25'));
    const fake = fakeResultsData();
    fake.games$.next(live(sampleGames({ Gali: { '2026-03-14': '42', '2026-03-15': '07' } })));
    fake.holidays$.next(live({}));
    fake.read('notices:2026-03-15').next(live(notices));
    // Another day's notices are never read.
    fake.read('notices:2026-03-14').next(live({ Disawar: 'old notice' }));
    return renderToString(<DataProvider value={fake.data}>{ui}</DataProvider>);
  }

  it("has the notice in the game's row of the result table, instead of 'Wait...'", () => {
    const page = html(<ResultTable />, { Disawar: 'रिजल्ट में देरी', Gali: 'late' });
    const disawar = page.slice(page.indexOf('data-game="Disawar"'));
    const row = disawar.slice(0, disawar.indexOf('</tr>'));
    expect(row).toMatch(/data-state="notice"[^>]*>रिजल्ट में देरी<\/span>/);
    expect(row).not.toContain('Wait...');
    // Gali has its number: the number, no notice.
    const gali = page.slice(page.indexOf('data-game="Gali"'));
    expect(gali.slice(0, gali.indexOf('</tr>'))).not.toContain('late');
  });

  it("has no notice where the day's notices have none", () => {
    const page = html(<ResultTable />, {});
    expect(page).not.toContain('data-state="notice"');
    expect(page).not.toContain('old notice');
  });

  it("has the notice in the current game's today", () => {
    // Every game but Gali (which has its number) has the notice: whichever is current shows it.
    const notices = Object.fromEntries(sampleGames().map((game) => [game.name, `${game.name}: रिजल्ट में देरी`]));
    const page = html(<CurrentGame />, notices);
    const name = /data-testid="current-game-name"[^>]*>([^<]*)</.exec(page)?.[1] ?? '';
    expect(name).not.toBe('');
    expect(name).not.toBe('Gali');
    const today = page.slice(page.indexOf('data-testid="current-game-today"'));
    expect(today).toMatch(new RegExp(`data-state="notice"[^>]*>${name}: रिजल्ट में देरी</span>`));
  });
});
