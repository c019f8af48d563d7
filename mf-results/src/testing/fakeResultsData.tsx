import type { ReactElement } from 'react';
import { BehaviorSubject } from 'rxjs';
import { render, type RenderResult } from '@testing-library/react';
import { DataProvider, type AdInfo, type DataService, type Live, type MainInfo } from '@satta/shared/data';
import type { GameData } from '@satta/shared/domain/results';
import type { Correction } from '@satta/shared/domain/corrections';
import type { Holidays } from '@satta/shared/domain/holidays';

/** What the home widgets read of the data service; the fake is just this. */
type ResultsData = Pick<
  DataService,
  'homeGames$' | 'corrections$' | 'mainInfo$' | 'adInfo$' | 'holidays$' | 'read$' | 'connected$' | 'timezone'
>;

const LOADING_LIVE: Live<never> = { data: undefined, stale: true, error: null };

/** A stand-in for the data service whose streams a test pushes values into. */
export interface FakeResultsData {
  data: ResultsData;
  games$: BehaviorSubject<Live<GameData[]>>;
  corrections$: BehaviorSubject<Live<Correction[]>>;
  info$: BehaviorSubject<Live<MainInfo>>;
  ads$: BehaviorSubject<Live<AdInfo>>;
  /** Days without a draw; loading (every day a draw day) until a test pushes some. */
  holidays$: BehaviorSubject<Live<Holidays>>;
  connected$: BehaviorSubject<boolean>;
  /** A read of the table (read$) by its cache key, e.g. 'notices:2026-03-15'; loading until a test pushes a value. */
  read(key: string): BehaviorSubject<Live<unknown>>;
}

export function fakeResultsData(): FakeResultsData {
  const games$ = new BehaviorSubject<Live<GameData[]>>(LOADING_LIVE);
  const info$ = new BehaviorSubject<Live<MainInfo>>(LOADING_LIVE);
  const corrections$ = new BehaviorSubject<Live<Correction[]>>(LOADING_LIVE);
  const ads$ = new BehaviorSubject<Live<AdInfo>>(LOADING_LIVE);
  const holidays$ = new BehaviorSubject<Live<Holidays>>(LOADING_LIVE);
  const connected$ = new BehaviorSubject<boolean>(false);
  const reads = new Map<string, BehaviorSubject<Live<unknown>>>();
  const read = (key: string) => {
    let subject = reads.get(key);
    if (!subject) reads.set(key, (subject = new BehaviorSubject<Live<unknown>>(LOADING_LIVE)));
    return subject;
  };
  const data: ResultsData = {
    homeGames$: () => games$,
    corrections$: () => corrections$,
    mainInfo$: () => info$,
    adInfo$: () => ads$,
    holidays$: () => holidays$,
    read$: <T,>(entry: { key: string }) => read(entry.key) as BehaviorSubject<Live<T>>,
    connected$,
    timezone: 'Asia/Kolkata',
  };
  return { data, games$, corrections$, info$, ads$, holidays$, connected$, read };
}

export function live<T>(data: T, stale = false): Live<T> {
  return { data, stale, error: null };
}

export function renderWithData(ui: ReactElement, fake: FakeResultsData): RenderResult {
  return render(<DataProvider value={fake.data}>{ui}</DataProvider>);
}
