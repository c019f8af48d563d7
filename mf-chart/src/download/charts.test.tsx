// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAMES } from '@satta/shared/domain/games';
import type { GameData } from '@satta/shared/domain/results';
import { siteNow } from '@satta/shared/domain/siteTime';
import { MonthlyChart } from '../components/MonthlyChart.tsx';
import { YearlyChartOverlay } from '../components/YearlyChartOverlay.tsx';
import { fakeChartData, live, renderWithData } from '../testing/fakeChartData.tsx';
import { ist } from '../testing/ist.ts';

/** Captures what the Download CSV button saves: its file name and text (BOM kept). */
function captureSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => ((last = blob), 'blob:x'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  const text = async (i: number) =>
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (saved[i] as { blob: Blob }).blob.arrayBuffer());
  return { saved, text };
}

describe('the charts’ download control', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the yearly chart: disabled while loading, then its CSV is the grid', async () => {
    const fake = fakeChartData();
    renderWithData(
      <YearlyChartOverlay
        game="Gali"
        year={2026}
        years={[2026]}
        todayKey="2026-11-15"
        onYearChange={() => undefined}
        onClose={() => undefined}
      />,
      fake,
    );
    const csv = () => screen.getByRole('button', { name: 'CSV डाउनलोड करें (Download CSV)' }) as HTMLButtonElement;
    expect(csv().disabled).toBe(true);
    act(() => fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' })));
    expect(csv().disabled).toBe(false);
    const { saved, text } = captureSaves();
    await act(async () => fireEvent.click(csv()));
    expect(saved[0]?.name).toBe('gali-2026-chart.csv');
    const lines = (await text(0)).split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate,January,February,March,April,May,June,July,August,September,October,November,December');
    expect(lines[5]).toBe('5,,,42,,,,,,,,,');
  });

  it('the monthly chart: one CSV of both tables, day 1 to today', async () => {
    const fake = fakeChartData();
    renderWithData(<MonthlyChart today={siteNow(ist('2026-11-02', '10:00'))} />, fake);
    const group = screen.getByRole('group', { name: 'चार्ट डाउनलोड या शेयर करें (Download or share the chart)' });
    const csv = within(group).getByRole('button', { name: /Download CSV/ }) as HTMLButtonElement;
    expect(csv.disabled).toBe(true);
    const games: GameData[] = GAMES.map((g) => ({ name: g.name, time: g.defaultTime, place: g.place, results: {} }));
    const gali = games.find((g) => g.name === 'Gali') as GameData;
    gali.results = { '2026-11-01': '07' };
    act(() => fake.month$.next(live(games)));
    expect(csv.disabled).toBe(false);
    const { saved, text } = captureSaves();
    await act(async () => fireEvent.click(csv));
    expect(saved[0]?.name).toBe('monthly-chart-2026-11.csv');
    expect(await text(0)).toBe(
      '\uFEFFDate,Disawar,Delhi Bazar,Shri Ganesh,Faridabad,Gaziyabad,Gali,Bilaspur,Mathura,Gangotri,Ferozpur,Palika bazar,Dwarka bazar\r\n' +
        '1,,,,,,07,,,,,,\r\n' +
        '2,,,,,,,,,,,,\r\n',
    );
  });

  it("marks the days without a draw in the yearly chart's CSV", async () => {
    const fake = fakeChartData();
    fake.holidays$.next(live({ Gali: { dates: { '2026-03-04': true, '2026-03-05': true }, weekdays: { sun: '2026-11-01' } } }));
    fake.year$('Gali', 2026).next(live({ '2026-03-05': '42' }));
    renderWithData(
      <YearlyChartOverlay
        game="Gali"
        year={2026}
        years={[2026]}
        todayKey="2026-11-15"
        onYearChange={() => undefined}
        onClose={() => undefined}
      />,
      fake,
    );
    const { saved, text } = captureSaves();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'CSV डाउनलोड करें (Download CSV)' })));
    expect(saved[0]?.name).toBe('gali-2026-chart.csv');
    const lines = (await text(0)).split('\r\n');
    expect(lines[4]).toBe('4,,,No draw,,,,,,,,,');
    expect(lines[5]).toBe('5,,,42,,,,,,,,,');
    // Sundays from 1 November up to today (the 15th); the 22nd is to come.
    expect(lines[1]).toBe('1,,,,,,,,,,,No draw,');
    expect(lines[15]).toBe('15,,,,,,,,,,,No draw,');
    expect(lines[22]).toBe('22,,,,,,,,,,,,');
  });

  it("marks the days without a draw in the monthly chart's CSV", async () => {
    const fake = fakeChartData();
    fake.holidays$.next(
      live({ Gali: { dates: { '2026-11-02': true }, weekdays: {} }, Mathura: { dates: { '2026-11-01': true }, weekdays: {} } }),
    );
    renderWithData(<MonthlyChart today={siteNow(ist('2026-11-02', '10:00'))} />, fake);
    const games: GameData[] = GAMES.map((g) => ({ name: g.name, time: g.defaultTime, place: g.place, results: {} }));
    (games.find((g) => g.name === 'Gali') as GameData).results = { '2026-11-01': '07' };
    act(() => fake.month$.next(live(games)));
    const { saved, text } = captureSaves();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'CSV डाउनलोड करें (Download CSV)' })));
    expect(saved[0]?.name).toBe('monthly-chart-2026-11.csv');
    expect(await text(0)).toBe(
      '\uFEFFDate,Disawar,Delhi Bazar,Shri Ganesh,Faridabad,Gaziyabad,Gali,Bilaspur,Mathura,Gangotri,Ferozpur,Palika bazar,Dwarka bazar\r\n' +
        '1,,,,,,07,,No draw,,,,\r\n' +
        '2,,,,,,No draw,,,,,,\r\n',
    );
  });
});
