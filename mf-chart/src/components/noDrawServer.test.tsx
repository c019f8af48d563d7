// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataProvider, withPeek } from '@satta/shared/data';
import { GAMES } from '@satta/shared/domain/games';
import type { GameData } from '@satta/shared/domain/results';
import { siteNow } from '@satta/shared/domain/siteTime';
import { MonthlyChart } from './MonthlyChart.tsx';
import { YearlyChartOverlay } from './YearlyChartOverlay.tsx';
import { fakeChartData, live } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

/*
 * The marks of days without a draw are in the server's HTML, and the browser's first render over
 * it is the same (no swap, nothing moves): the page's data source has the marks at once (it
 * peeks, as the data service does over a server-rendered page and the render service's source
 * always does).
 */

/** A fake whose streams all have a value at once, as a page's data service has over its server HTML. */
function pageData() {
  const fake = fakeChartData();
  fake.holidays$.next(live({ Gali: { dates: { '2026-11-02': true }, weekdays: { sun: '2026-11-01' } } }));
  const games: GameData[] = GAMES.map((g) => ({ name: g.name, time: g.defaultTime, place: g.place, results: {} }));
  (games.find((g) => g.name === 'Gali') as GameData).results = { '2026-11-03': '33' };
  fake.month$.next(live(games));
  withPeek(fake.month$, () => fake.month$.value);
  const year = fake.year$('Gali', 2026);
  year.next(live({ '2026-11-03': '33' }));
  withPeek(year, () => year.value);
  const meta = fake.yearMeta$('Gali', 2026);
  withPeek(meta, () => meta.value);
  return fake;
}

const today = siteNow(ist('2026-11-03', '10:00'));
const charts = {
  monthly: () => <MonthlyChart today={today} />,
  yearly: () => (
    <YearlyChartOverlay
      game="Gali"
      year={2026}
      years={[2026]}
      todayKey="2026-11-03"
      onYearChange={() => undefined}
      onClose={() => undefined}
    />
  ),
};

describe('days without a draw, rendered on the server', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  for (const [name, chart] of Object.entries(charts)) {
    it(`the ${name} chart's HTML has the marks and the legend, and hydrates as it is`, async () => {
      const fake = pageData();
      const html = renderToString(<DataProvider value={fake.data}>{chart()}</DataProvider>);
      // Gali: 1 November a Sunday, the 2nd a marked date; the 3rd has a number.
      expect(html.match(/<td[^>]*>अवकाश<\/td>/g)).toHaveLength(2);
      expect(html).toContain('title="No draw" aria-label="अवकाश (No draw)"');
      expect(html).toContain('>अवकाश = No draw<');

      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const before = [...container.querySelectorAll('td')].map((td) => td.outerHTML);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const recoverable = vi.fn();
      const root = hydrateRoot(container, <DataProvider value={fake.data}>{chart()}</DataProvider>, { onRecoverableError: recoverable });
      await act(async () => undefined);
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect([...container.querySelectorAll('td')].map((td) => td.outerHTML)).toEqual(before);
      act(() => root.unmount());
    });
  }
});
