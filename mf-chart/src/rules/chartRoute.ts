import { chartYearInRange, gameFromSlug, type ChartAddress } from '@satta/shared/domain/chartUrls';

/** What the chart page shows for its address. */
export type ChartRoute =
  | { kind: 'index' }
  /** A game not in the registry while the database's list is still on its way. */
  | { kind: 'waiting' }
  | { kind: 'chart'; game: string; year: number }
  | { kind: 'unknown-game'; slug: string }
  | { kind: 'unknown-year'; game: string; year: number }
  /** Something under /chart that is no chart address (a malformed year, extra parts). */
  | { kind: 'bad-address' };

/**
 * Resolves an address against the games the database holds (null until known: then the
 * registry answers, so a shared link to a known game opens at once) and the site's year.
 * Which years actually have results is checked later, once the database has said so: both in
 * decideChartPage (chartPage.ts), the one decision about a chart address.
 */
export function resolveChartRoute(address: ChartAddress, names: readonly string[] | null, currentYear: number): ChartRoute {
  if (address.kind === 'index') return { kind: 'index' };
  if (address.kind === 'invalid') return { kind: 'bad-address' };
  const game = names ? gameFromSlug(address.slug, names) : gameFromSlug(address.slug);
  if (game === null) return names ? { kind: 'unknown-game', slug: address.slug } : { kind: 'waiting' };
  const year = address.year ?? currentYear;
  return chartYearInRange(year, currentYear) ? { kind: 'chart', game, year } : { kind: 'unknown-year', game, year };
}
