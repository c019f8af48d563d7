import type { ReactElement } from 'react';
import { BehaviorSubject } from 'rxjs';
import { render, type RenderResult } from '@testing-library/react';
import { DataProvider, withPeek, type DataService, type Live } from '@satta/shared/data';
import type { Holidays } from '@satta/shared/domain/holidays';
import type { DayMetas, DayResults, GameData } from '@satta/shared/domain/results';
import { announceLocation, setNavigator } from '@satta/shared/ui';

/** What the chart page reads of the data service; tests hand in a fake of just this. */
export type ChartData = Pick<
  DataService,
  'gameNames$' | 'gameYear$' | 'gameYearMeta$' | 'gameYears' | 'holidays$' | 'homeGames$' | 'timezone'
>;

const LOADING_LIVE: Live<never> = { data: undefined, stale: true, error: null };

/** A stand-in for the data service whose streams a test pushes values into. */
export interface FakeChartData {
  data: ChartData;
  names$: BehaviorSubject<Live<string[]>>;
  month$: BehaviorSubject<Live<GameData[]>>;
  /** The stream of one game's year, created on first use. */
  year$(game: string, year: number): BehaviorSubject<Live<DayResults>>;
  /** The publish times of one game's year, created on first use (none until a test sets them). */
  yearMeta$(game: string, year: number): BehaviorSubject<Live<DayMetas>>;
  /** Which years each game reports; the current year when not set. */
  years: Map<string, number[]>;
  /**
   * The days without a draw; none marked unless a test sets some. Peekable like the data
   * service's streams: a first render (and a finished year's chart, which only peeks) has them at once.
   */
  holidays$: BehaviorSubject<Live<Holidays>>;
  holidaysAsked: boolean[];
}

export function fakeChartData(): FakeChartData {
  const names$ = new BehaviorSubject<Live<string[]>>(LOADING_LIVE);
  const month$ = new BehaviorSubject<Live<GameData[]>>(LOADING_LIVE);
  const yearStreams = new Map<string, BehaviorSubject<Live<DayResults>>>();
  const years = new Map<string, number[]>();
  const metaStreams = new Map<string, BehaviorSubject<Live<DayMetas>>>();
  const yearMeta$ = (game: string, year: number) => {
    const key = `${game}:${year}`;
    let stream = metaStreams.get(key);
    if (!stream) {
      stream = new BehaviorSubject<Live<DayMetas>>({ data: {}, stale: false, error: null });
      metaStreams.set(key, stream);
    }
    return stream;
  };
  const year$ = (game: string, year: number) => {
    const key = `${game}:${year}`;
    let stream = yearStreams.get(key);
    if (!stream) {
      stream = new BehaviorSubject<Live<DayResults>>(LOADING_LIVE);
      yearStreams.set(key, stream);
    }
    return stream;
  };
  const holidays$ = new BehaviorSubject<Live<Holidays>>({ data: {}, stale: false, error: null });
  withPeek(holidays$, () => holidays$.value);
  /** How each holidays$ call asked: true when it follows the live node. */
  const holidaysAsked: boolean[] = [];
  const data: ChartData = {
    gameNames$: () => names$,
    homeGames$: () => month$,
    gameYear$: (game, year) => year$(game, year),
    gameYearMeta$: (game, year) => yearMeta$(game, year),
    gameYears: (game) => Promise.resolve(years.get(game) ?? []),
    holidays$: (options) => (holidaysAsked.push(options?.live !== false), holidays$),
    timezone: 'Asia/Kolkata',
  };
  return { data, names$, month$, year$, yearMeta$, years, holidays$, holidaysAsked };
}

export function live<T>(data: T, stale = false): Live<T> {
  return { data, stale, error: null };
}

/**
 * Renders at `path` with a stand-in for the shell's router: navigations change the jsdom
 * history and are announced, as the shell's NavigatorBridge does.
 */
export function renderWithData(ui: ReactElement, fake: FakeChartData, path = '/chart'): RenderResult {
  window.history.replaceState(null, '', path);
  setNavigator((to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    announceLocation();
  });
  return render(<DataProvider value={fake.data}>{ui}</DataProvider>);
}
