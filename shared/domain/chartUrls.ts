import { findGame, gameNameKey, sameGame } from './games.ts';
import { CHART_BASE } from './routes.ts';

/*
 * Charts as addresses: /chart/{game} and /chart/{game}/{year}. A game's part is a stable slug
 * of its canonical name, so every spelling of a game (an alias, other case or spacing) shares
 * one address, and old links keep working when a spelling in the database changes.
 */

export { CHART_BASE };

/** 'Delhi Bazar' -> 'delhi-bazar'; aliases take their game's slug ('Disawer' -> 'disawar'). */
export function gameSlug(name: string): string {
  const canonical = findGame(name)?.name ?? name;
  return canonical
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The game a slug (or any spelling) names: one of `names` (the games the database holds) when
 * given, else the registry's canonical name; null for a game that does not exist.
 */
export function gameFromSlug(slug: string, names?: readonly string[]): string | null {
  const spelling = slug.replace(/-+/g, ' ').trim();
  if (gameNameKey(spelling) === '') return null;
  if (names) return names.find((name) => gameSlug(name) === slug || sameGame(name, spelling)) ?? null;
  return findGame(spelling)?.name ?? null;
}

/** The address of a game's yearly chart; without a year, the current one. */
export function chartPath(game: string, year?: number): string {
  return `${CHART_BASE}/${encodeURIComponent(gameSlug(game))}${year === undefined ? '' : `/${year}`}`;
}

/** What a chart address asks for. `year` is null when the address has none (the current year). */
export type ChartAddress = { kind: 'index' } | { kind: 'chart'; slug: string; year: number | null } | { kind: 'invalid' };

/** Reads a pathname under /chart; anything else under it (a bad year, extra parts) is invalid. */
export function parseChartPath(pathname: string): ChartAddress {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  // Any case, as the shell's router matches its routes: /CHART/Gali is a chart address too.
  if (parts[0]?.toLowerCase() !== CHART_BASE.slice(1)) return { kind: 'invalid' };
  if (parts.length === 1) return { kind: 'index' };
  let slug: string;
  try {
    slug = decodeURIComponent(parts[1] ?? '').toLowerCase();
  } catch {
    return { kind: 'invalid' };
  }
  if (parts.length === 2) return { kind: 'chart', slug, year: null };
  if (parts.length === 3 && /^\d{4}$/.test(parts[2] ?? '')) return { kind: 'chart', slug, year: Number(parts[2]) };
  return { kind: 'invalid' };
}

/** The first year a chart can be asked for; anything earlier is out of range. */
export const FIRST_CHART_YEAR = 2000;

/** Whether a year can have a chart at all (never a year still to come). */
export function chartYearInRange(year: number, currentYear: number): boolean {
  return Number.isInteger(year) && year >= FIRST_CHART_YEAR && year <= currentYear;
}

const SITE = 'Satta King Result';

/** The document title of one game's yearly chart. */
export function chartDocumentTitle(game: string, year: number): string {
  return `${game} Chart ${year} – ${SITE}`;
}

/** The meta description of one game's yearly chart. */
export function chartDescription(game: string, year: number): string {
  return `${game} सट्टा किंग चार्ट ${year}: पूरे साल के ${game} रिज़ल्ट दिन और महीने के हिसाब से। ${game} yearly chart ${year} — informational only, 18+.`;
}

export const CHART_NOT_FOUND_TITLE = `Chart not found – ${SITE}`;
