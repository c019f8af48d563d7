import { normalizeNumber } from './numbers.ts';
import { isDateKey, addDays } from './siteTime.ts';
import { readTimestamp } from './timestamps.ts';
import type { DayMeta, DayMetas, DayResults, GameData } from './results.ts';

/*
 * The live read model: the one small node a public page listens to (`live`), so that a page view
 * costs one database read however many games and months it shows.
 *
 *   live/days/{dateKey}/{game} = { n, p?, u?, w? }   yesterday's and today's results
 *       n: the number ('42'), p: publishedAt, u: updatedAt when it differs from p (a correction
 *       or its undo), w: the number before the latest correction
 *   live/v/{part} = server time of the part's last change (mian, adinfo, khaiwals, games,
 *       corrections, holidays, notices): what a page holds of that part is re-read when its stamp
 *       moves. Which stored root stamps which part, and what a page holds of it, is declared
 *       once, in shared/data/publicReads.ts (LIVE_PART_SOURCES).
 *
 * The specification's paths (`sattanamee`, `mian`, ...) stay the source of truth: every writer
 * derives its `live` paths from its own patch of them (shared/data/livePatch.ts), and the render
 * service repairs the node when something wrote only the specification's paths.
 */

export const LIVE_ROOT = 'live';
export const LIVE_DAYS = `${LIVE_ROOT}/days`;
export const LIVE_VERSIONS = `${LIVE_ROOT}/v`;
/** The render service's digests of each part, to notice a change made without a version stamp. */
export const LIVE_DIGESTS = 'liveDigests';

/** The parts of the public data whose changes a page learns from their stamp in `live/v`. */
export const LIVE_PARTS = ['mian', 'adinfo', 'khaiwals', 'games', 'corrections', 'holidays', 'notices'] as const;
export type LivePart = (typeof LIVE_PARTS)[number];

export interface LiveDay {
  n: string;
  p?: number;
  u?: number;
  w?: string;
}

/** dateKey -> game -> its result of that day. */
export type LiveDays = Record<string, Record<string, LiveDay>>;
export type LiveVersions = Partial<Record<LivePart, number>>;

export interface LiveNode {
  days: LiveDays;
  v: LiveVersions;
}

export const livePaths = {
  day: (dateKey: string) => `${LIVE_DAYS}/${dateKey}`,
  entry: (dateKey: string, game: string) => `${LIVE_DAYS}/${dateKey}/${game}`,
  version: (part: LivePart) => `${LIVE_VERSIONS}/${part}`,
  digest: (part: LivePart) => `${LIVE_DIGESTS}/${part}`,
} as const;

/** The first date the node holds on `todayKey`: yesterday (a late draw is published after midnight). */
export const liveWindowStart = (todayKey: string): string => addDays(todayKey, -1);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One stored entry, read tolerantly; null when it holds no readable number. */
export function readLiveDay(value: unknown): LiveDay | null {
  if (!isRecord(value)) return null;
  const n = normalizeNumber(value['n']);
  if (n === null) return null;
  const day: LiveDay = { n };
  const p = readTimestamp(value['p']);
  const u = readTimestamp(value['u']);
  const w = normalizeNumber(value['w']);
  if (p !== undefined) day.p = p;
  if (u !== undefined) day.u = u;
  if (w !== null) day.w = w;
  return day;
}

/** The `live` node as stored (anything unreadable left out, never thrown). */
export function readLiveNode(value: unknown): LiveNode {
  const node: LiveNode = { days: {}, v: {} };
  if (!isRecord(value)) return node;
  const days = value['days'];
  if (isRecord(days)) {
    for (const [dateKey, games] of Object.entries(days)) {
      if (!isDateKey(dateKey) || !isRecord(games)) continue;
      const day: Record<string, LiveDay> = {};
      for (const [game, entry] of Object.entries(games)) {
        const read = readLiveDay(entry);
        if (read) day[game] = read;
      }
      node.days[dateKey] = day;
    }
  }
  const versions = value['v'];
  if (isRecord(versions)) {
    for (const part of LIVE_PARTS) {
      const stamp = versions[part];
      if (typeof stamp === 'number' && Number.isFinite(stamp)) node.v[part] = stamp;
    }
  }
  return node;
}

/** A live entry from a stored result (its number and DayMeta), as a writer would have made it. */
export function liveDayOf(number: string, meta: DayMeta | undefined): LiveDay {
  const day: LiveDay = { n: number };
  if (meta?.publishedAt !== undefined) day.p = meta.publishedAt;
  if (meta?.updatedAt !== undefined && meta.updatedAt !== meta.publishedAt) day.u = meta.updatedAt;
  if (meta?.was !== undefined) day.w = meta.was;
  return day;
}

/** The days the node should hold on `todayKey`, from the games as stored (the repair's target). */
export function expectedLiveDays(games: readonly GameData[], todayKey: string): LiveDays {
  const days: LiveDays = {};
  const from = liveWindowStart(todayKey);
  for (const game of games) {
    for (const [dateKey, number] of Object.entries(game.results)) {
      if (dateKey < from || dateKey > todayKey) continue;
      (days[dateKey] ??= {})[game.name] = liveDayOf(number, game.meta?.[dateKey]);
    }
  }
  return days;
}

/**
 * Entries gone from the node between two of its values (`game/dateKey`, see resultKey): results
 * taken back. Absence alone proves nothing, since an older site's node may not hold every result
 * yet; an entry that was there and went was removed by a writer.
 */
export function removedEntries(before: LiveDays, after: LiveDays): string[] {
  const removed: string[] = [];
  for (const [dateKey, games] of Object.entries(before)) {
    for (const game of Object.keys(games)) {
      if (!after[dateKey]?.[game]) removed.push(`${game}/${dateKey}`);
    }
  }
  return removed;
}

/**
 * `results` and `meta` of one game with the live node's days put over them (those from `from`
 * to `to`): an entry replaces what was read before (a number published since, a correction,
 * an undo of one), and a `removed` one goes. Returns the inputs themselves when nothing differs,
 * so a page re-renders nothing.
 */
export function mergeLiveDays(
  game: { name: string; results: DayResults; meta?: DayMetas },
  live: { days: LiveDays; removed: ReadonlySet<string> },
  range: { from: string; to: string },
): { results: DayResults; meta: DayMetas | undefined } {
  const { name, results, meta } = game;
  let nextResults = results;
  let nextMeta = meta;
  const dates = new Set([...Object.keys(live.days), ...Object.keys(results)]);
  for (const dateKey of dates) {
    if (dateKey < range.from || dateKey > range.to) continue;
    const entry = live.days[dateKey]?.[name];
    if (!entry) {
      if (results[dateKey] === undefined || !live.removed.has(`${name}/${dateKey}`)) continue;
      if (nextResults === results) nextResults = { ...results };
      delete nextResults[dateKey];
      if (nextMeta?.[dateKey]) {
        if (nextMeta === meta) nextMeta = { ...meta };
        delete nextMeta[dateKey];
      }
      continue;
    }
    const dayMeta = metaOf(entry);
    if (results[dateKey] === entry.n && sameMeta(meta?.[dateKey], dayMeta)) continue;
    if (nextResults === results) nextResults = { ...results };
    nextResults[dateKey] = entry.n;
    if (nextMeta === meta || nextMeta === undefined) nextMeta = { ...meta };
    if (dayMeta) nextMeta[dateKey] = dayMeta;
    else delete nextMeta[dateKey];
  }
  return { results: nextResults, meta: nextMeta && Object.keys(nextMeta).length > 0 ? nextMeta : undefined };
}

function metaOf(entry: LiveDay): DayMeta | undefined {
  const meta: DayMeta = {};
  if (entry.p !== undefined) meta.publishedAt = entry.p;
  const updated = entry.u ?? entry.p;
  if (updated !== undefined) meta.updatedAt = updated;
  if (entry.w !== undefined) meta.was = entry.w;
  return Object.keys(meta).length > 0 ? meta : undefined;
}

function sameMeta(a: DayMeta | undefined, b: DayMeta | undefined): boolean {
  return a?.publishedAt === b?.publishedAt && a?.updatedAt === b?.updatedAt && a?.was === b?.was;
}

/**
 * A short digest of a part's data (FNV-1a over its JSON with sorted keys): the render service
 * stores one per part to tell a change that came without a version stamp.
 */
export function digestOf(value: unknown): string {
  const text = canonicalJson(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}-${text.length.toString(36)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
