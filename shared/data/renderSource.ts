import { NEVER, Observable, defer, of, map } from 'rxjs';
import { withPeek, type Live } from './live.ts';
import { cacheKeys, pageValue, type PublicRead } from './publicReads.ts';
import type { PublicSource } from './source.ts';
import { SPANS_KEY, type GameSpan } from '../domain/yearlyChart.ts';

/** What the render service hands a render: the day it renders and the time of its data. */
export interface RenderDay {
  day: string;
  at?: number;
}

/**
 * The render service's source: the public reads it keeps in memory (its snapshot, by cache key),
 * read on the site's day `day` and never from the network. Every stream is synchronous, so
 * renderToString has the data on its one pass, and `served` records the entries a render read:
 * the page's inline data (a browser's page then starts from exactly what was rendered).
 */
export class RenderSource implements PublicSource {
  constructor(
    private readonly entries: Readonly<Record<string, unknown>>,
    private readonly render: RenderDay,
    /** The entries of the snapshot a render read, by cache key: what the rendered page inlines. */
    readonly served: Map<string, unknown>,
    private readonly now: () => Date,
  ) {}

  readonly today$: Observable<string> = defer(() => of(this.render.day));

  todayKey(): string {
    return this.render.day;
  }

  pageTime(): number {
    return this.render.at ?? this.now().getTime();
  }

  /** A render opens nothing: it is as connected as its data. */
  readonly connected$: Observable<boolean> = of(true);

  pageEntry(key: string): unknown {
    const value = this.entries[key];
    this.served.set(key, value);
    return value;
  }

  /**
   * A render inlines the spans of the games it asked about (the page's first render then offers
   * the same years), and is rendered again when one of them changes.
   */
  pageSpan(name: string): GameSpan | undefined {
    const span = (this.entries[SPANS_KEY] as Readonly<Record<string, GameSpan>> | undefined)?.[name];
    this.served.set(SPANS_KEY, { ...(this.served.get(SPANS_KEY) as object | undefined), [name]: span });
    return span;
  }

  /**
   * The data in memory, as it is (NEVER: not in memory, the widget shows its loading state), and
   * the live node with a page that follows any part of it (a finished year's chart follows none,
   * and its page opens no stream).
   */
  follow<T>(entry: PublicRead<T>): Observable<T> {
    const value = pageValue(entry, (key) => this.pageEntry(key));
    if (entry.part !== null) this.pageEntry(cacheKeys.live);
    return value === undefined ? NEVER : of(value);
  }

  /**
   * The data in memory as a live value, synchronously, and what a first render peeks (React's
   * renderToString runs no effects). Data not in memory is loading.
   */
  live<T>(_key: string, values: Observable<T>): Observable<Live<T>> {
    const stream = values.pipe(map((data): Live<T> => ({ data, stale: false, error: null })));
    return withPeek(stream, () => {
      let first: Live<T> | undefined;
      stream.subscribe((value) => (first ??= value)).unsubscribe();
      return first;
    });
  }

  /** A render reads nothing beyond its memory: what is not there is empty. */
  get(): Promise<unknown> {
    return Promise.resolve(null);
  }

  connect(): void {}

  dispose(): void {}
}
