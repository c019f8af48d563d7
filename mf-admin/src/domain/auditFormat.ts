import {
  AD_INFO,
  DEFAULT_UNDO_WINDOW_SEC,
  HOLIDAYS,
  KHAIWALS,
  MAIN_INFO,
  RESULTS_ROOT,
  SCHEDULED,
  paths,
  type AuditEntry,
} from '@satta/shared/data';
import { WEEKDAY_LABELS, isWeekday } from '@satta/shared/domain/holidays';
import { siteClockTime, siteDateTime } from '@satta/shared/domain/publishTimes';
import { scheduledClock } from '@satta/shared/domain/schedule';
import { formatDisplayDate, siteNow } from '@satta/shared/domain/siteTime';
import {
  auditAdInfo,
  auditAdsAdded,
  auditAdsChanged,
  auditAdsRemoved,
  auditGameTime,
  auditImported,
  auditImportPart,
  auditKhaiwalAdded,
  auditKhaiwalDeleted,
  auditKhaiwalEdited,
  auditMainInfo,
  auditNoDrawDate,
  auditNoDrawDateRemoved,
  auditNoDrawWeekday,
  auditNoDrawWeekdayRemoved,
  auditOther,
  auditResultChanged,
  auditResultPublished,
  auditResultRemoved,
  auditScheduleCancelled,
  auditScheduleChanged,
  auditScheduled,
  auditSentence,
  auditUndoWindow,
} from './adminMessages.ts';
import { auditNotice, auditNoticeRemoved } from './gameNoticeMessages.ts';

const MAX_VALUE_LENGTH = 160;
/** A game's notice of the day (shared/domain/gameNotice.ts): gameNotices/{date}/{game}. */
const GAME_NOTICE = /^gameNotices\/(\d{4}-\d{2}-\d{2})\/(.+)$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * When a change happened, on the site's clock ('2026-11-21 02:15:09 PM'), so every admin reads
 * the same day the results are filed under, wherever the browser is.
 */
export function formatAuditTime(at: number, timezone: string): string {
  if (!Number.isFinite(at)) return '';
  const t = siteNow(new Date(at), timezone);
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${t.dateKey} ${pad2(hour12)}:${pad2(t.minute)}:${pad2(t.second)} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * An audit entry's old or new value (stored as JSON text) as a short line: a string without its
 * quotes, a record as compact JSON, nothing as '—'. Long records are cut, the full text stays
 * available to the caller.
 */
export function formatAuditValue(json: string | null | undefined): string {
  if (json === null || json === undefined) return '—';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = json;
  }
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const MAIN_INFO_FIELDS: readonly (readonly [key: string, words: string])[] = [
  ['name', 'name'],
  ['phnnumber', 'phone number'],
  ['email', 'email'],
  ['channel', 'channel link'],
  ['banner', 'banner text'],
  ['notice', 'notice text'],
];

const RESULT = new RegExp(`^${RESULTS_ROOT}/([^/]+)/(\\d{4}-\\d{2}-\\d{2})$`);
const GAME_TIME = new RegExp(`^${RESULTS_ROOT}/([^/]+)/time$`);
const KHAIWAL = new RegExp(`^${KHAIWALS}/([^/]+)$`);
const SCHEDULE = new RegExp(`^${SCHEDULED}/([^/]+)/(\\d{4}-\\d{2}-\\d{2})$`);
const NO_DRAW_DATE = new RegExp(`^${HOLIDAYS}/([^/]+)/dates/(\\d{4}-\\d{2}-\\d{2})$`);
const NO_DRAW_WEEKDAY = new RegExp(`^${HOLIDAYS}/([^/]+)/weekdays/([a-z]{3})$`);

/** An audit value (JSON text) as the value it holds; text that is not JSON as itself; nothing as null. */
function parsed(json: string | null | undefined): unknown {
  if (json === null || json === undefined) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A result's name in a sentence: 'Gali 26-11', the year added when it is not the year of the
 * change ('Gali 05-03-2019', a back-filled day).
 */
function resultName(game: string, dateKey: string, changedIn: string): string {
  const shown = formatDisplayDate(dateKey);
  return dateKey.slice(0, 4) === changedIn.slice(0, 4) ? `${game} ${shown.slice(0, 5)}` : `${game} ${shown}`;
}

/** What an audit entry changed, as words (without who and when). */
export function describeAuditChange(entry: Pick<AuditEntry, 'path' | 'old' | 'new' | 'at'>, timezone: string): string {
  const before = parsed(entry.old);
  const after = parsed(entry.new);
  const changedIn = Number.isFinite(entry.at) ? siteNow(new Date(entry.at), timezone).dateKey : '';

  const result = RESULT.exec(entry.path);
  if (result) {
    const name = resultName(result[1] ?? '', result[2] ?? '', changedIn);
    const from = text(before);
    const to = text(after);
    if (to === null) return from === null ? auditOther(entry.path) : auditResultRemoved(name, from);
    return from === null ? auditResultPublished(name, to) : auditResultChanged(name, from, to);
  }
  const time = GAME_TIME.exec(entry.path);
  if (time) return auditGameTime(time[1] ?? '', text(before), text(after) ?? '—');
  if (entry.path === RESULTS_ROOT) {
    // A part of a chunked import describes itself (shared/data/adminCommands.ts: importChunk).
    const part = record(after);
    if (typeof part['rows'] === 'number' && typeof part['part'] === 'number' && typeof part['of'] === 'number') {
      const rowName = (key: unknown): string => {
        const [game = '', date = ''] = (text(key) ?? '').split('/');
        return `${game} ${formatDisplayDate(date)}`;
      };
      return auditImportPart(part['rows'], part['part'], part['of'], rowName(part['first']), rowName(part['last']));
    }
    return auditImported(Object.keys(part).length);
  }
  if (entry.path === MAIN_INFO) {
    const old = record(before);
    const next = record(after);
    return auditMainInfo(MAIN_INFO_FIELDS.filter(([key]) => !same(old[key] ?? '', next[key] ?? '')).map(([, words]) => words));
  }
  if (entry.path === AD_INFO) {
    const old = record(before);
    const next = record(after);
    const added = Object.keys(next).filter((label) => !(label in old));
    const removed = Object.keys(old).filter((label) => !(label in next));
    const changed = Object.keys(next).filter((label) => label in old && !same(old[label], next[label]));
    return auditAdInfo([
      ...(added.length > 0 ? [auditAdsAdded(added)] : []),
      ...(removed.length > 0 ? [auditAdsRemoved(removed)] : []),
      ...(changed.length > 0 ? [auditAdsChanged(changed)] : []),
    ]);
  }
  if (KHAIWAL.test(entry.path)) {
    const was = text(record(before)['name']);
    const now = text(record(after)['name']);
    if (after === null) return auditKhaiwalDeleted(was ?? '');
    if (before === null) return auditKhaiwalAdded(now ?? '');
    return auditKhaiwalEdited(now ?? was ?? '', was);
  }
  if (entry.path === paths.undoWindowSec) {
    const seconds = (v: unknown) => (typeof v === 'number' ? v : null);
    return auditUndoWindow(seconds(before), seconds(after) ?? DEFAULT_UNDO_WINDOW_SEC);
  }
  const schedule = SCHEDULE.exec(entry.path);
  if (schedule) {
    const name = resultName(schedule[1] ?? '', schedule[2] ?? '', changedIn);
    const next = record(after);
    const number = text(next['number']);
    const at = next['at'];
    if (after === null || number === null || typeof at !== 'number') return auditScheduleCancelled(name, text(record(before)['number']));
    const clock = scheduledClock(at, timezone);
    return before === null ? auditScheduled(name, number, clock) : auditScheduleChanged(name, number, clock);
  }
  const noDrawDate = NO_DRAW_DATE.exec(entry.path);
  if (noDrawDate) {
    const [, game = '', dateKey = ''] = noDrawDate;
    if (after === true) return auditNoDrawDate(game, formatDisplayDate(dateKey));
    if (before === true) return auditNoDrawDateRemoved(game, formatDisplayDate(dateKey));
    return auditOther(entry.path);
  }
  const noDrawWeekday = NO_DRAW_WEEKDAY.exec(entry.path);
  if (noDrawWeekday && isWeekday(noDrawWeekday[2])) {
    const game = noDrawWeekday[1] ?? '';
    const weekday = WEEKDAY_LABELS[noDrawWeekday[2]];
    const from = text(after);
    if (from === null) return auditNoDrawWeekdayRemoved(game, weekday);
    const was = text(before);
    return auditNoDrawWeekday(game, weekday, formatDisplayDate(from), was === null ? null : formatDisplayDate(was));
  }
  const notice = GAME_NOTICE.exec(entry.path);
  if (notice) {
    const [, dateKey = '', game = ''] = notice;
    const to = text(after);
    return to === null ? auditNoticeRemoved(game, formatDisplayDate(dateKey)) : auditNotice(game, formatDisplayDate(dateKey), to);
  }
  return auditOther(entry.path);
}

/**
 * When, as the sentence says it: the time alone for a change of the site's `todayKey`
 * ('02:14 AM IST'), with its date for an older one ('20-11-2026 02:14 AM IST').
 */
export function auditWhen(at: number, timezone: string, todayKey: string): string {
  if (!Number.isFinite(at)) return '';
  return siteNow(new Date(at), timezone).dateKey === todayKey ? `${siteClockTime(at, false, timezone)} IST` : siteDateTime(at, timezone);
}

/**
 * One audit entry as a sentence: 'Gali 26-11: 97 → 42, by admin@example.com, 02:14 AM IST'. The
 * notify service's own changes are by its uid ('notify-service').
 */
export function describeAudit(entry: AuditEntry, timezone: string, todayKey: string): string {
  return auditSentence(describeAuditChange(entry, timezone), entry.email ?? entry.uid, auditWhen(entry.at, timezone, todayKey));
}
