import type { Observable } from 'rxjs';
import type { Live } from './live.ts';
import type { PublicRead } from './publicReads.ts';
import type { RestRead } from './rest.ts';
import type { GameSpan } from '../domain/yearlyChart.ts';

/**
 * Where the public part of the data service (publicData.ts) takes its data from, injected:
 * - the browser's (browserSource.ts): the page's inline data and the cache first, then the live
 *   node over the REST stream, a part read again (a REST GET) when its version moves;
 * - the render service's (renderSource.ts): the snapshot in memory, synchronously, recording
 *   every entry a render read (what the page inlines).
 * The public part asks both the same questions; it never asks which one it has.
 */
export interface PublicSource {
  /** Today's date key in the site timezone; emits again when the day changes. */
  readonly today$: Observable<string>;
  todayKey(): string;
  /**
   * The instant a server-rendered page is rendered as at: the time of its data (the render
   * service's, which the page inlines with it). The render service's widgets read the clock from
   * it, and so does the browser's first render of that page, so hydration meets the same words
   * (which game is current, what the countdown says) whatever the time now; the clock moves on
   * right after. undefined in a page the browser renders itself.
   */
  pageTime(): number | undefined;
  /**
   * `true` while the page's live stream is open; a page that follows nothing live (a finished
   * year's chart) counts as connected while the browser is online.
   */
  readonly connected$: Observable<boolean>;
  /** An entry of the page's data by cache key (a render records it: the page inlines it). */
  pageEntry(key: string): unknown;
  /** A game's span among the page's data (a render records it with the page's spans). */
  pageSpan(name: string): GameSpan | undefined;
  /**
   * One public read's value as it moves (an entry with part null is read once and not followed).
   * `fallback`: the value when it cannot be read (else it is read again after a pause).
   */
  follow<T>(entry: PublicRead<T>, fallback?: () => T): Observable<T>;
  /**
   * `values` as the widgets read them under the cache key `key`: a shared live value, with what
   * a first render peeks. `fixed`: the page's value fixed (`live: false`), not the followed one.
   */
  live<T>(key: string, values: Observable<T>, fixed: boolean): Observable<Live<T>>;
  /** One read of the database now (a REST GET); a render reads none. */
  get(read: RestRead): Promise<unknown>;
  /** Opens the live stream now, when the page follows anything live. */
  connect(): void;
  dispose(): void;
}
