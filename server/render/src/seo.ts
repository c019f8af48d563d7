import { chartPath, gameFromSlug, gameSlug } from '@satta/shared/domain/chartUrls';
import { dateKey } from '@satta/shared/domain/siteTime';
import { correctionsOf, gameNamesOf, spanOf, type Snapshot } from './snapshot.ts';

/*
 * What search engines and link previews read besides the page itself: each page's head
 * (canonical address, Open Graph, structured data), /sitemap.xml and /robots.txt.
 *
 * Every address here is absolute on the site's public origin: the render service's `site`
 * option (`--site https://…`, the Hosting domain in production), or, where none is given (a
 * local run), the render service's own URL, which is then the site. Never the request's Host
 * header: the pages are cached and shared by every visitor, and a Host header is whatever the
 * client sent.
 */

export const SITE_NAME = 'Satta King Result';

/** The head of one rendered page. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (absolute); null for a page that must not be indexed (not found). */
  canonical: string | null;
  /** schema.org structured data, as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /** <link rel="alternate"> tags of the site's feeds. */
  alternates?: string;
  /** The page's link-preview image (absolute address, alt text; 1200×630 PNG): Open Graph and Twitter's large card. */
  image?: { url: string; alt: string; width: number; height: number };
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: `<` escaped so no `</script>` or `<!--` in the data can end the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The tags a page's head gets besides its title and description. */
export function headTags(head: PageHead): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    head.canonical === null ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('og:title', head.title),
    meta('og:description', head.description),
    ...(head.canonical === null ? [] : [meta('og:url', head.canonical)]),
    meta('og:type', 'website'),
    meta('og:locale', 'hi_IN'),
    meta('og:site_name', SITE_NAME),
  ];
  if (head.image) {
    const { url, alt, width, height } = head.image;
    const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
    tags.push(
      meta('og:image', url),
      meta('og:image:type', 'image/png'),
      meta('og:image:width', String(width)),
      meta('og:image:height', String(height)),
      meta('og:image:alt', alt),
      named('twitter:card', 'summary_large_image'),
      named('twitter:image', url),
      named('twitter:image:alt', alt),
    );
  }
  if (head.alternates) tags.push(head.alternates);
  if (head.structuredData) tags.push(`<script type="application/ld+json">${scriptJson(head.structuredData)}</script>`);
  return tags.join('');
}

/** The newest result date of any game, or null. */
export function newestResult(snapshot: Snapshot): string | null {
  let newest: string | null = null;
  for (const name of gameNamesOf(snapshot)) {
    const last = spanOf(snapshot, name).last;
    if (last !== null && (newest === null || last > newest)) newest = last;
  }
  return newest;
}

/** One address per game: a database spelling that shares another's slug is left out (it shows that game). */
export function chartGames(snapshot: Snapshot): string[] {
  const names = gameNamesOf(snapshot);
  return names.filter((name) => gameFromSlug(gameSlug(name), names) === name);
}

/** Addresses in one sitemap file (the sitemaps protocol's limit); past it /sitemap.xml is an index. */
export const SITEMAP_URL_LIMIT = 50_000;

/**
 * /sitemap.xml: the public pages, then every game's year from its first result to its last.
 * `lastmod` comes from the data: the date of the newest result (the result pages, and a
 * year's chart while the year runs), 31 December for a year that is over. /contact shows no
 * dated data, so it has none; /corrections has the day of its newest correction.
 *
 * One file of it: `part` null is /sitemap.xml (every address, or past `limit` of them an
 * index of /sitemap-1.xml, /sitemap-2.xml, ...), a number is that part (null: there is none).
 */
export function sitemapFile(
  snapshot: Snapshot,
  origin: string,
  publicPaths: readonly string[],
  part: number | null,
  limit = SITEMAP_URL_LIMIT,
): string | null {
  const entries = sitemapEntries(snapshot, publicPaths);
  const parts = Math.ceil(entries.length / limit);
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (part === null && parts > 1) {
    const newest = newestResult(snapshot);
    const files = Array.from(
      { length: parts },
      (_, i) =>
        `<sitemap><loc>${escapeHtml(`${origin}/sitemap-${i + 1}.xml`)}</loc>${newest === null ? '' : `<lastmod>${newest}</lastmod>`}</sitemap>`,
    );
    return `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`;
  }
  if (part !== null && (parts <= 1 || part < 1 || part > parts)) return null;
  const shown = part === null ? entries : entries.slice((part - 1) * limit, part * limit);
  const urls = shown.map(
    ({ path, lastmod }) => `<url><loc>${escapeHtml(origin + path)}</loc>${lastmod === null ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`,
  );
  return `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapEntries(snapshot: Snapshot, publicPaths: readonly string[]): { path: string; lastmod: string | null }[] {
  const newest = newestResult(snapshot);
  // /corrections changes with its newest entry (none: no date), not with the results.
  const corrected = correctionsOf(snapshot)[0]?.correctedAt;
  const lastmod = (path: string) =>
    path === '/contact' ? null : path === '/corrections' ? (corrected === undefined ? null : dateKey(new Date(corrected))) : newest;
  const entries: { path: string; lastmod: string | null }[] = publicPaths.map((path) => ({ path, lastmod: lastmod(path) }));
  for (const name of chartGames(snapshot)) {
    const { first, last } = spanOf(snapshot, name);
    if (first === null || last === null) continue;
    const lastYear = Number(last.slice(0, 4));
    for (let year = Number(first.slice(0, 4)); year <= lastYear; year++) {
      entries.push({ path: chartPath(name, year), lastmod: year === lastYear ? last : `${year}-12-31` });
    }
  }
  return entries;
}

/** /robots.txt: everything but the admin's pages, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /signin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** The sitemap follows the data: edge caches keep it 5 minutes and may serve it an hour more meanwhile. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600';
/** robots.txt changes with a deploy only. */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';
/** An alias of a game always names the same game: browsers and caches may keep the redirect a day. */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';
