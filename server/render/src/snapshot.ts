import { DataService, cacheKeys, homeWindowStart, memoryStore, type RuntimeConfig } from '@satta/shared/data';
import { pageValue, publicReads } from '@satta/shared/data/publicReads';
import type { GameData } from '@satta/shared/domain/results';
import type { Correction } from '@satta/shared/domain/corrections';
import { SPANS_KEY, chartYearsFrom, type GameSpan } from '@satta/shared/domain/yearlyChart';
import { readLiveNode, type LiveNode } from '@satta/shared/domain/liveNode';
import type { Holidays } from '@satta/shared/domain/holidays';
import type { GameNotices } from '@satta/shared/domain/gameNotice';

/**
 * The public data the render service keeps in memory, as its listeners last saw it: every public
 * read of the table (shared/data/publicReads.ts) under its cache key, the key a page inlines it
 * under. A page is rendered by the data service itself, reading these entries (renderSource);
 * the page inlines the entries it read.
 */
export interface Snapshot {
  /** When this data was last received from the database (ms since the epoch). */
  at: number;
  /** Today in the site timezone when the data was read: the day of the home window's games. */
  todayKey: string;
  /**
   * By cache key: the game names, the home window's games (from homeWindowStart(todayKey)), the
   * khaiwals, `mian`, `adinfo`, the corrections, the days without a draw, the live node, the
   * game-years loaded for their charts (with their publish times), and under SPANS_KEY each
   * game's first and last date with a result in the whole database.
   */
  entries: Readonly<Record<string, unknown>>;
}

/** The data service as the widgets see it during one server render: the snapshot's entries, synchronously; `served` records what the page read. */
export function renderSource(snapshot: Snapshot, config: RuntimeConfig): DataService {
  return new DataService(config, { seed: snapshot.entries, render: { day: snapshot.todayKey, at: snapshot.at }, store: memoryStore() });
}

// What the render service reads of the snapshot for itself (feeds, sitemap, link previews, the
// live node's repair): the same entries, by the same table.

const entry = (snapshot: Snapshot) => (key: string) => snapshot.entries[key];

/** The names of the games. */
export const gameNamesOf = (snapshot: Snapshot): string[] => pageValue(publicReads.gameNames(), entry(snapshot)) ?? [];

/** Every game with its time, place and its results of the home window (yesterday / this month). */
export const homeGamesOf = (snapshot: Snapshot): GameData[] =>
  pageValue(publicReads.gamesSince(homeWindowStart(snapshot.todayKey), []), entry(snapshot)) ?? [];

/** The public corrections of the last 90 days, newest first. */
export const correctionsOf = (snapshot: Snapshot): Correction[] => pageValue(publicReads.corrections(0), entry(snapshot)) ?? [];

/** Days without a draw of every game. */
export const holidaysOf = (snapshot: Snapshot): Holidays => pageValue(publicReads.holidays(), entry(snapshot)) ?? {};

/** Today's notices of the games (shared/domain/gameNotice.ts): game -> its notice. */
export const noticesOf = (snapshot: Snapshot): GameNotices => pageValue(publicReads.gameNotices(snapshot.todayKey), entry(snapshot)) ?? {};

/** The live read model as stored. */
export const liveOf = (snapshot: Snapshot): LiveNode => readLiveNode(snapshot.entries[cacheKeys.live]);

/** A game's year loaded for its chart (results and publish times), or undefined: not in memory. */
export const gameYearOf = (snapshot: Snapshot, game: string, year: number): GameData | undefined =>
  pageValue(publicReads.gameYear(game, year, yearOf(snapshot)), entry(snapshot));

/** A game's first and last date with a result (both null: none, or the game is unknown). */
export function spanOf(snapshot: Snapshot, name: string): GameSpan {
  const spans = snapshot.entries[SPANS_KEY] as Record<string, GameSpan> | undefined;
  return spans?.[name] ?? { first: null, last: null };
}

/** The site's year of a snapshot: the year of its day. */
export const yearOf = (snapshot: Snapshot): number => Number(snapshot.todayKey.slice(0, 4));

/**
 * The years a game has a chart for, newest first, as the browser's data service counts them
 * (DataService.gameYears): from the year of its first result to this year, which always has one.
 */
export function chartYears(snapshot: Snapshot, name: string): number[] {
  return chartYearsFrom(spanOf(snapshot, name).first, yearOf(snapshot));
}
