import { DEFAULT_TIMEZONE, formatDisplayDate, pad2, siteNow } from './siteTime.ts';
import type { DayMeta, DayMetas } from './results.ts';

// Publish and correction times as visitors read them (docs/product.md, Publish times and
// corrections). Every time is the site's (India's), labelled IST. Our wording.

export const CORRECTED = 'संशोधित';
export const PUBLISHED = 'प्रकाशित';

/** 'hh:mm PM' (or 'hh:mm:ss PM' with seconds) of an instant, in the site's zone. */
export function siteClockTime(ms: number, seconds = false, tz: string = DEFAULT_TIMEZONE): string {
  const t = siteNow(new Date(ms), tz);
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${pad2(hour12)}:${pad2(t.minute)}${seconds ? `:${pad2(t.second)}` : ''} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'DD-MM-YYYY hh:mm PM IST': a time that may be on another day than the result's. */
export function siteDateTime(ms: number, tz: string = DEFAULT_TIMEZONE): string {
  return `${formatDisplayDate(siteNow(new Date(ms), tz).dateKey)} ${siteClockTime(ms, false, tz)} IST`;
}

/** 'प्रकाशित 11:32 PM IST', or null for a result without a publish time (old data). */
export function publishedText(meta: DayMeta | undefined, tz: string = DEFAULT_TIMEZONE): string | null {
  return meta?.publishedAt === undefined ? null : `${PUBLISHED} ${siteClockTime(meta.publishedAt, false, tz)} IST`;
}

/** Whether a number was changed after its publication. */
export function isCorrected(meta: DayMeta | undefined): meta is DayMeta & { was: string } {
  return meta?.was !== undefined;
}

/**
 * 'संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST' for a corrected number, else null. Old data
 * corrected has no publish time: 'संशोधित: पहले 41, बदला 11:40 PM IST'.
 */
export function correctionText(meta: DayMeta | undefined, tz: string = DEFAULT_TIMEZONE): string | null {
  if (!isCorrected(meta)) return null;
  const published = meta.publishedAt === undefined ? '' : ` (${siteClockTime(meta.publishedAt, false, tz)})`;
  const changed = meta.updatedAt === undefined ? '' : `, बदला ${siteClockTime(meta.updatedAt, false, tz)} IST`;
  return `${CORRECTED}: पहले ${meta.was}${published}${changed}`;
}

/** A number cell's detail: the correction when there is one, else the publish time, else null. */
export function resultDetail(meta: DayMeta | undefined, tz: string = DEFAULT_TIMEZONE): string | null {
  return correctionText(meta, tz) ?? publishedText(meta, tz);
}

/** 'Last updated 11:40:05 PM IST'. */
export function lastUpdatedText(ms: number, tz: string = DEFAULT_TIMEZONE): string {
  return `Last updated ${siteClockTime(ms, true, tz)} IST`;
}

/** The latest change time among the given dates of the given games; null when none has one. */
export function latestUpdate(games: readonly { meta?: DayMetas }[], dateKeys: readonly string[]): number | null {
  let latest: number | null = null;
  for (const game of games) {
    for (const key of dateKeys) {
      const day = game.meta?.[key];
      const at = day?.updatedAt ?? day?.publishedAt;
      if (at !== undefined && (latest === null || at > latest)) latest = at;
    }
  }
  return latest;
}
