import { isDateKey } from '../domain/siteTime.ts';
import { LIVE_DAYS, livePaths, liveWindowStart, type LivePart } from '../domain/liveNode.ts';
import { followedFrom, partOfRoot } from './publicReads.ts';

/*
 * The `live` node's share of a write (see shared/domain/liveNode.ts), derived from the write's
 * own patch of the specification's paths, so that every writer (the dashboard through the client
 * SDK, the notify service's scheduled publishing through firebase-admin) keeps both in one atomic
 * update without saying anything twice. No SDK here: the writer hands in its server-time
 * placeholder and the site's day.
 */

/** Result fields and their short names in the live node; `silent` concerns the push only. */
const FIELDS: Readonly<Record<string, string>> = { number: 'n', publishedAt: 'p', updatedAt: 'u', was: 'w' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The live paths to add to `patch` (a multi-path update of the specification's paths), on the
 * site's day `todayKey`:
 * - a result of yesterday or today is mirrored into `live/days/{date}/{game}` (a whole node with
 *   `{n, p}`, a correction or an undo field by field, a removal as a removal);
 * - a result dated before this year and before the home window (`followedFrom`) stamps nothing:
 *   no followed read holds it (a finished year is read once, and looked at again after a
 *   correction or an hour), so the backfill of a history, 44 writes for twenty years, does not
 *   make every open page and the render service read their games again after each;
 * - any other change stamps its part's version (`live/v/{part}` = server time): an older result,
 *   a game's time or place, and any write under a root of the table's parts (publicReads.ts
 *   LIVE_PART_SOURCES: `mian`, `adinfo`, `khaiwals`, `corrections`, `holidays`, `gameNotices`);
 *   a path under no part's root stamps nothing;
 * - a write of today also drops the day before yesterday, so the node stays two days small.
 */
export function livePatch(patch: Readonly<Record<string, unknown>>, todayKey: string, serverTime: object): Record<string, unknown> {
  const live: Record<string, unknown> = {};
  const stamp = (part: LivePart) => (live[livePaths.version(part)] = serverTime);
  const from = liveWindowStart(todayKey);
  const followed = followedFrom(todayKey);
  for (const [path, value] of Object.entries(patch)) {
    const [root = '', game, key, field, ...rest] = path.split('/');
    const part = partOfRoot(root);
    if (part === undefined) continue;
    // The results' days of the live window are the node's own entries; everything else is a stamp.
    if (part !== 'games') stamp(part);
    else if (game === undefined || key === undefined || !isDateKey(key) || rest.length > 0) stamp('games');
    else if (key < followed) continue;
    else if (key < from || key > todayKey) stamp('games');
    else {
      const entry = livePaths.entry(key, game);
      if (field === undefined) {
        live[entry] = isRecord(value) ? liveEntry(value) : null;
      } else if (FIELDS[field]) {
        live[`${entry}/${FIELDS[field]}`] = value;
      }
    }
  }
  if (Object.keys(live).some((path) => path.startsWith(`${LIVE_DAYS}/`))) {
    live[livePaths.day(liveWindowStart(from))] = null;
  }
  return live;
}

/** A whole result node in the live node's fields: a first publication (updatedAt equals publishedAt). */
function liveEntry(node: Record<string, unknown>): Record<string, unknown> | null {
  if (node['number'] === undefined) return null;
  const entry: Record<string, unknown> = { n: node['number'] };
  if (node['publishedAt'] !== undefined) entry['p'] = node['publishedAt'];
  else if (node['updatedAt'] !== undefined) entry['u'] = node['updatedAt'];
  if (node['was'] !== undefined) entry['w'] = node['was'];
  return entry;
}
