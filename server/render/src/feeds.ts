import { chartPath } from '@satta/shared/domain/chartUrls';
import { addDays, formatDisplayDate } from '@satta/shared/domain/siteTime';
import { readTimestamp } from '@satta/shared/domain/timestamps';
import { xmlText } from '@satta/shared/domain/xmlText';
import { SITE_NAME, escapeHtml } from './seo.ts';
import { correctionsOf, homeGamesOf, type Snapshot } from './snapshot.ts';

/*
 * /feed.json (JSON Feed 1.1) and /feed.xml (RSS 2.0): the latest published results and the
 * corrections of published numbers, so other sites, bots and feed readers can follow the
 * results without scraping the pages. Both are built from the same entries, from the data the
 * render service keeps in memory, and cached like the pages (an edge cache absorbs the polling).
 */

export const FEED_JSON_PATH = '/feed.json';
export const FEED_XML_PATH = '/feed.xml';
export const FEED_JSON_TYPE = 'application/feed+json; charset=utf-8';
export const FEED_XML_TYPE = 'application/rss+xml; charset=utf-8';
/** Readers poll: edge caches keep a feed 30 s and may serve it 5 minutes more while they fetch it again. */
export const FEED_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
/** At most this many items, newest first. */
export const FEED_LIMIT = 60;

const FEED_TITLE = `${SITE_NAME} – रिज़ल्ट और संशोधन`;
const FEED_DESCRIPTION =
  'Daily two-digit results as published, with every correction of a published number. Information only; no bets, no numbers for sale. 18+.';

/** One item of the feeds: a result as published, or a change of a published number. */
export type FeedEntry =
  | {
      kind: 'result';
      game: string;
      date: string;
      number: string;
      /** When the number was first published and last changed (ms); null for old data without times. */
      publishedAt: number | null;
      updatedAt: number | null;
    }
  | {
      kind: 'correction';
      /** The correction's key in the public log: its stable identity. */
      id: string;
      game: string;
      date: string;
      from: string;
      to: string;
      publishedAt: number | null;
      correctedAt: number;
    };

/**
 * The feeds' entries from the data in memory: every game's results of yesterday and today, with
 * their publish and change times where the data has them, and the corrections of the last 90
 * days (the public log). Published numbers only: a day marked as having no draw
 * (holidaysOf) has no number, so it is no entry (and a number on a marked day is one).
 */
export function feedEntries(snapshot: Snapshot): FeedEntry[] {
  const from = addDays(snapshot.todayKey, -1);
  const entries: FeedEntry[] = [];
  for (const game of homeGamesOf(snapshot)) {
    for (const [date, number] of Object.entries(game.results)) {
      if (date < from || date > snapshot.todayKey) continue;
      const meta = game.meta?.[date];
      entries.push({
        kind: 'result',
        game: game.name,
        date,
        number,
        publishedAt: meta?.publishedAt ?? null,
        updatedAt: meta?.updatedAt ?? null,
      });
    }
  }
  for (const correction of correctionsOf(snapshot)) {
    entries.push({ kind: 'correction', ...correction, publishedAt: correction.publishedAt ?? null });
  }
  return entries;
}

/** When an entry happened, for ordering: the change, else the publication; entries without a time sort by date only. */
const entryTime = (entry: FeedEntry): number | null =>
  entry.kind === 'correction' ? entry.correctedAt : (entry.updatedAt ?? entry.publishedAt);

/** Newest first: by date key, then by time within a date; at most FEED_LIMIT. */
export function orderEntries(entries: readonly FeedEntry[]): FeedEntry[] {
  return entries
    .filter(usable)
    .sort((a, b) => (a.date === b.date ? (entryTime(b) ?? 0) - (entryTime(a) ?? 0) : a.date < b.date ? 1 : -1))
    .slice(0, FEED_LIMIT);
}

/**
 * An entry the feeds can carry: the readers already dropped impossible times, so this only
 * guards against a reader changed later. A bad entry is left out of the feed, and logged.
 */
function usable(entry: FeedEntry): boolean {
  const times = entry.kind === 'correction' ? [entry.correctedAt, entry.publishedAt] : [entry.publishedAt, entry.updatedAt];
  if (times.every((time) => time === null || readTimestamp(time) !== undefined)) return true;
  console.warn(`render: feed entry ${entry.kind} ${entry.game} ${entry.date} left out: a time outside 2000-2100 (${times.join(', ')})`);
  return false;
}

interface Item {
  id: string;
  url: string;
  title: string;
  text: string;
  published: number | null;
  modified: number | null;
}

function toItem(entry: FeedEntry, origin: string): Item {
  const url = origin + chartPath(entry.game, Number(entry.date.slice(0, 4)));
  const day = formatDisplayDate(entry.date);
  if (entry.kind === 'result') {
    return {
      // A new number for the same day is a new item: a reader that saw the old one hears of it.
      id: `result:${entry.game}:${entry.date}:${entry.number}`,
      url,
      title: `${entry.game} ${day}: ${entry.number}`,
      text: `${entry.game} का ${day} का रिज़ल्ट ${entry.number} है। ${entry.game} result for ${day}: ${entry.number}.`,
      published: entry.publishedAt,
      modified: entry.updatedAt,
    };
  }
  return {
    id: `correction:${entry.id}`,
    url,
    title: `संशोधित: ${entry.game} ${day}: ${entry.from} → ${entry.to}`,
    text: `${entry.game} का ${day} का रिज़ल्ट ${entry.from} से बदलकर ${entry.to} किया गया। Corrected ${entry.game} result for ${day}: ${entry.from} is now ${entry.to}.`,
    published: entry.correctedAt,
    modified: entry.correctedAt,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The newest time among the entries, or null. */
function newest(entries: readonly FeedEntry[]): number | null {
  let latest: number | null = null;
  for (const entry of entries) {
    const at = entryTime(entry);
    if (at !== null && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function jsonFeed(entries: readonly FeedEntry[], origin: string): string {
  const items = orderEntries(entries).map((entry) => {
    const item = toItem(entry, origin);
    return {
      id: item.id,
      url: item.url,
      title: item.title,
      content_text: item.text,
      ...(item.published === null ? {} : { date_published: iso(item.published) }),
      ...(item.modified === null ? {} : { date_modified: iso(item.modified) }),
    };
  });
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: FEED_TITLE,
    home_page_url: `${origin}/`,
    feed_url: origin + FEED_JSON_PATH,
    description: FEED_DESCRIPTION,
    language: 'hi',
    authors: [{ name: SITE_NAME, url: `${origin}/` }],
    items,
  });
}

/** Text for the XML feed: escaped, and without the characters XML 1.0 forbids. */
const xml = (text: string) => escapeHtml(xmlText(text));

/** RSS 2.0 (https://www.rssboard.org/rss-specification), with an atom:link to itself. */
export function rssFeed(entries: readonly FeedEntry[], origin: string): string {
  const ordered = orderEntries(entries);
  const latest = newest(ordered);
  const items = ordered.map((entry) => {
    const item = toItem(entry, origin);
    return [
      '<item>',
      `<title>${xml(item.title)}</title>`,
      `<link>${xml(item.url)}</link>`,
      `<guid isPermaLink="false">${xml(item.id)}</guid>`,
      `<description>${xml(item.text)}</description>`,
      ...(item.published === null ? [] : [`<pubDate>${new Date(item.published).toUTCString()}</pubDate>`]),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeHtml(FEED_TITLE)}</title>`,
    `<link>${escapeHtml(`${origin}/`)}</link>`,
    `<description>${escapeHtml(FEED_DESCRIPTION)}</description>`,
    '<language>hi</language>',
    `<atom:link href="${escapeHtml(origin + FEED_XML_PATH)}" rel="self" type="application/rss+xml" />`,
    ...(latest === null ? [] : [`<lastBuildDate>${new Date(latest).toUTCString()}</lastBuildDate>`]),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The <link rel="alternate"> tags by which browsers and readers find the feeds from any page. */
export function feedLinks(origin: string): string {
  return (
    `<link rel="alternate" type="application/feed+json" title="${escapeHtml(FEED_TITLE)}" href="${escapeHtml(origin + FEED_JSON_PATH)}" />` +
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(FEED_TITLE)}" href="${escapeHtml(origin + FEED_XML_PATH)}" />`
  );
}
