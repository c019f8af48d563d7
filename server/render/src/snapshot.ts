import { Observable, of } from 'rxjs';
import { cacheKeys, homeWindowStart, type AdInfo, type Live, type MainInfo, type PublicDataSource } from '@satta/shared/data';
import type { GameData } from '@satta/shared/domain/results';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { siteNow } from '@satta/shared/domain/siteTime';

/** The public data the render service keeps in memory, as the live listeners last saw it. */
export interface Snapshot {
  /** When this data was last received from the database (ms since the epoch). */
  at: number;
  /** Today in the site timezone when the data was read; the games hold yesterday and this month. */
  todayKey: string;
  gameNames: string[];
  games: GameData[];
  khaiwals: Khaiwal[];
  mainInfo: MainInfo;
  adInfo: AdInfo;
}

/** The snapshot's value under one of the data service's cache keys (see cacheKeys). */
export function entryOf(snapshot: Snapshot, key: string): unknown {
  if (key === cacheKeys.gamesSince(homeWindowStart(snapshot.todayKey))) return snapshot.games;
  if (key === cacheKeys.gameNames) return snapshot.gameNames;
  if (key === cacheKeys.khaiwals) return snapshot.khaiwals;
  if (key === cacheKeys.mainInfo) return snapshot.mainInfo;
  if (key === cacheKeys.adInfo) return snapshot.adInfo;
  return undefined;
}

/**
 * The data service as the widgets see it during one server render: the same streams, each a
 * synchronous snapshot, so renderToString gets the data on its first and only pass. It records
 * the cache entries it served: the page inlines exactly those (the client's cache seed), and
 * their JSON decides whether a route must be rendered again.
 */
export class SnapshotSource implements PublicDataSource {
  readonly timezone: string;
  readonly served = new Map<string, unknown>();
  readonly today$: Observable<string>;
  readonly connected$: Observable<boolean> = of(true);

  constructor(
    private readonly snapshot: Snapshot,
    timezone: string,
  ) {
    this.timezone = timezone;
    this.today$ = of(snapshot.todayKey);
  }

  todayKey(): string {
    return this.snapshot.todayKey;
  }

  homeGames$(): Observable<Live<GameData[]>> {
    return this.serve(cacheKeys.gamesSince(homeWindowStart(this.snapshot.todayKey)));
  }

  gameNames$(): Observable<Live<string[]>> {
    return this.serve(cacheKeys.gameNames);
  }

  khaiwals$(): Observable<Live<Khaiwal[]>> {
    return this.serve(cacheKeys.khaiwals);
  }

  mainInfo$(): Observable<Live<MainInfo>> {
    return this.serve(cacheKeys.mainInfo);
  }

  adInfo$(): Observable<Live<AdInfo>> {
    return this.serve(cacheKeys.adInfo);
  }

  /** A year's chart is not in memory yet: the page shows its loading state and the client loads it. */
  gameYear$(): Observable<Live<Record<string, string>>> {
    return of({ data: undefined, stale: true, error: null });
  }

  gameYears(): Promise<number[]> {
    return Promise.resolve([siteNow(new Date(this.snapshot.at), this.timezone).year]);
  }

  private serve<T>(key: string): Observable<Live<T>> {
    // entryOf and the method's key agree by construction: each method asks for its own key.
    const data = entryOf(this.snapshot, key) as T;
    this.served.set(key, data);
    return of({ data, stale: false, error: null });
  }
}
