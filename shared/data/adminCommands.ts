import { map } from 'rxjs';
import { endAt, get, limitToLast, orderByChild, orderByKey, push, query, ref, serverTimestamp, startAt, update } from 'firebase/database';
import type { Observable } from 'rxjs';
import { valueOf } from './firebaseStreams.ts';
import { DataError, ImportChangedError } from './errors.ts';
import { AD_INFO, AUDIT, CORRECTIONS, HOLIDAYS, KHAIWALS, MAIN_INFO, RESULTS_ROOT, SCHEDULED, paths } from './paths.ts';
import {
  isRecord,
  type AdInfo,
  type AdminContext,
  type AuditEntry,
  type DataContext,
  type KhaiwalInput,
  type MainInfo,
  type PendingPush,
  type ScheduledNumber,
  type SetResultOptions,
  type WriteResult,
  type ImportChunk,
  type ImportChunkResult,
} from './types.ts';
import { DEFAULT_UNDO_WINDOW_SEC, MAX_UNDO_WINDOW_SEC, SCHEDULED_REFUSALS } from './types.ts';
import { formatDisplayDate, isDateKey, siteNow } from '../domain/siteTime.ts';
import { isWeekday, noDrawReason, readHolidays, type Weekday } from '../domain/holidays.ts';
import { noDrawRefused } from '../domain/messages.ts';
import { normalizeNumber } from '../domain/numbers.ts';
import { normalizeTimeInput } from '../domain/time.ts';
import { resultKey } from '../domain/results.ts';
import { xmlTextDeep } from '../domain/xmlText.ts';
import { resultPatch as writeResult, storedNumber } from './resultPatch.ts';
import { livePatch } from './livePatch.ts';
import { gameNoticeCommands } from './gameNoticeCommands.ts';

// The admin's writes. Each is one multi-path update together with its audit entry, so the
// database never holds a change without its record (the rules require the entry too), and with
// its share of the live read model (`live`, see livePatch.ts), so a page listening there never
// misses it. The table at the end (`adminCommands`) is what the data service offers of them:
// this module is loaded, with the SDK, only when one is first used (admin.ts).

/**
 * Publishes a game's number for a date; reports whether the date was new. The times are the
 * server's, written in the same update as the number and its audit entry: a first publication
 * sets publishedAt and updatedAt; a different number on a published date is a correction
 * (keeps publishedAt, sets `was` and updatedAt, adds a public `corrections` entry); the same
 * number again writes nothing. `silent` marks a back-filled result, which is never pushed.
 */
export async function setResult(
  ctx: AdminContext,
  game: string,
  dateKey: string,
  number: string,
  options: SetResultOptions = {},
): Promise<WriteResult> {
  const value = normalizeNumber(number);
  if (value === null) throw new DataError('data/invalid-number', 'Number must be two digits from 00 to 99.');
  if (!isDateKey(dateKey)) throw new DataError('data/invalid-date', `Invalid date: ${dateKey}`);
  const path = paths.result(game, dateKey);
  const before = (await get(ref(ctx.db, path))).val() as unknown;
  const previous = storedNumber(before);
  if (previous === null) await refuseNoDraw(ctx, [{ game, date: dateKey }]);
  const patch = resultPatch(ctx, game, dateKey, before, value, options.silent === true);
  if (patch) await writeAudited(ctx, patch, path, previous, value);
  return { created: before === null, previous };
}

export async function getResult(ctx: DataContext, game: string, dateKey: string): Promise<string | null> {
  const snapshot = await get(ref(ctx.db, paths.resultNumber(game, dateKey)));
  return normalizeNumber(snapshot.val());
}

export async function setGameTime(ctx: AdminContext, game: string, time: string): Promise<string> {
  const value = normalizeTimeInput(time);
  if (value === null) throw new DataError('data/invalid-time', 'Time must look like HH:MM AM/PM.');
  const path = paths.gameTime(game);
  const previous = (await get(ref(ctx.db, path))).val() as string | null;
  await writeAudited(ctx, { [path]: value }, path, previous, value);
  return value;
}

export async function setMainInfo(ctx: AdminContext, info: MainInfo): Promise<void> {
  const previous = (await get(ref(ctx.db, MAIN_INFO))).val() as MainInfo | null;
  const patch: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(info)) patch[paths.mainInfoField(k)] = v;
  await writeAudited(ctx, patch, MAIN_INFO, previous, { ...previous, ...info });
}

export async function setAdInfo(ctx: AdminContext, info: AdInfo): Promise<void> {
  const previous = (await get(ref(ctx.db, AD_INFO))).val() as AdInfo | null;
  await writeAudited(ctx, { [AD_INFO]: info }, AD_INFO, previous, info);
}

/** Creates (id null) or replaces an agent record; returns its id. */
export async function saveKhaiwal(ctx: AdminContext, id: string | null, agent: KhaiwalInput): Promise<string> {
  const key = id ?? push(ref(ctx.db, KHAIWALS)).key;
  if (!key) throw new DataError('data/no-id', 'Could not allocate an id for the khaiwal.');
  const path = paths.khaiwal(key);
  const previous = id ? (await get(ref(ctx.db, path))).val() : null;
  const record = stripUndefined({ ...agent, updatedAt: serverTimestamp() });
  await writeAudited(ctx, { [path]: record }, path, previous, agent);
  return key;
}

export async function deleteKhaiwal(ctx: AdminContext, id: string): Promise<void> {
  const path = paths.khaiwal(id);
  const previous = (await get(ref(ctx.db, path))).val();
  await writeAudited(ctx, { [path]: null }, path, previous, null);
}

/**
 * The newest `limit` entries of the admin's audit trail, newest first: the dashboard never reads
 * the whole trail, which grows with every write for as long as the site runs.
 */
export function auditTrail(ctx: DataContext, limit = 26): Observable<AuditEntry[]> {
  return valueOf(query(ref(ctx.db, AUDIT), orderByChild('at'), limitToLast(limit))).pipe(
    map((v) =>
      Object.entries((v ?? {}) as Record<string, AuditEntry>)
        .map(([id, e]) => ({ ...e, id }))
        .sort((a, b) => (b.at ?? 0) - (a.at ?? 0)),
    ),
  );
}

/**
 * Writes many results atomically (one multi-path update), with one audit entry. Every row is
 * back-filled (`silent`, never pushed); a row that changes a published number is also a
 * correction, and one that repeats the stored number writes nothing (see setResult).
 */
/** What is stored now for each game among `rows`: one key-range read per game rather than one read per row. */
async function storedDays(
  ctx: DataContext,
  rows: readonly { game: string; date: string }[],
): Promise<Map<string, Record<string, unknown>>> {
  const stored = new Map<string, Record<string, unknown>>();
  for (const game of new Set(rows.map((row) => row.game))) {
    const dates = rows
      .filter((row) => row.game === game)
      .map((row) => row.date)
      .sort();
    const snapshot = await get(
      query(ref(ctx.db, paths.game(game)), orderByKey(), startAt(dates[0] ?? ''), endAt(dates[dates.length - 1] ?? '')),
    );
    const node = snapshot.val() as unknown;
    stored.set(game, isRecord(node) ? node : {});
  }
  return stored;
}

/**
 * The numbers published now for the rows of an import, by `game/date` (a row without one is
 * absent), so that the preview can mark each row that would replace one.
 */
export async function publishedNumbers(ctx: DataContext, rows: readonly { game: string; date: string }[]): Promise<Record<string, string>> {
  const stored = await storedDays(ctx, rows);
  const found: Record<string, string> = {};
  for (const row of rows) {
    const number = storedNumber(stored.get(row.game)?.[row.date] ?? null);
    if (number !== null) found[resultKey(row)] = number;
  }
  return found;
}

/**
 * Writes many results atomically (one multi-path update), with one audit entry that keeps each
 * row's old and new number (`{ "Gali/2026-11-10": "97" }` -> `{ "Gali/2026-11-10": "42" }`).
 * Every row is back-filled (`silent`, never pushed); a row that changes a published number is
 * also a correction, and one that repeats the stored number writes nothing (see setResult).
 */
export async function importResults(ctx: AdminContext, rows: { game: string; date: string; number: string }[]): Promise<number> {
  const wanted = new Map<string, { game: string; date: string; value: string }>();
  for (const row of rows) {
    const value = normalizeNumber(row.number);
    if (value === null || !isDateKey(row.date))
      throw new DataError('data/invalid-row', `Invalid row: ${row.date} ${row.game} ${row.number}`);
    wanted.set(resultKey(row), { game: row.game, date: row.date, value });
  }
  const stored = await storedDays(ctx, [...wanted.values()]);
  await refuseNoDraw(
    ctx,
    [...wanted.values()].filter(({ game, date }) => storedNumber(stored.get(game)?.[date] ?? null) === null),
  );
  const patch: Record<string, unknown> = {};
  const before: Record<string, string | null> = {};
  const after: Record<string, string> = {};
  for (const [key, { game, date, value }] of wanted) {
    const current = stored.get(game)?.[date] ?? null;
    const change = resultPatch(ctx, game, date, current, value, true);
    if (!change) continue;
    Object.assign(patch, change);
    before[key] = storedNumber(current);
    after[key] = value;
  }
  if (Object.keys(patch).length > 0) await writeAudited(ctx, patch, RESULTS_ROOT, before, after);
  return rows.length;
}

/**
 * Writes one part of a large import as one multi-path update with its audit entry. The part's
 * rows are first compared with what is stored: a row already holding its number is skipped, so
 * a part that landed before (an interrupted import resumed, an answer lost with the connection)
 * writes nothing and no second audit entry. A row that would replace a number the admin did not
 * confirm (published since the preview) refuses the whole part: nothing is replaced silently.
 * The audit entry describes the part (`{ part, of, rows, first, last, replaced }`) and keeps the
 * old number of each row it replaces, so the trail stays small however long the history.
 */
export async function importChunk(ctx: AdminContext, chunk: ImportChunk): Promise<ImportChunkResult> {
  const wanted = new Map<string, { game: string; date: string; value: string }>();
  for (const row of chunk.rows) {
    const value = normalizeNumber(row.number);
    if (value === null || !isDateKey(row.date))
      throw new DataError('data/invalid-row', `Invalid row: ${row.date} ${row.game} ${row.number}`);
    wanted.set(resultKey(row), { game: row.game, date: row.date, value });
  }
  const stored = await storedDays(ctx, [...wanted.values()]);
  const patch: Record<string, unknown> = {};
  const before: Record<string, string> = {};
  const replaced: Record<string, string> = {};
  const fresh: { game: string; date: string }[] = [];
  let written = 0;
  for (const [key, { game, date, value }] of wanted) {
    const current = stored.get(game)?.[date] ?? null;
    const old = storedNumber(current);
    if (old === value) continue;
    if (old === null) fresh.push({ game, date });
    else if (chunk.replaces[key] !== old) {
      throw new ImportChangedError(game, date, old);
    } else {
      before[key] = old;
      replaced[key] = value;
    }
    const change = resultPatch(ctx, game, date, current, value, true);
    if (!change) continue;
    Object.assign(patch, change);
    written += 1;
  }
  if (written === 0) return { written: 0, unchanged: wanted.size };
  await refuseNoDraw(ctx, fresh);
  const keys = [...wanted.keys()];
  const description = { part: chunk.index + 1, of: chunk.of, rows: written, first: keys[0], last: keys[keys.length - 1], replaced };
  await writeAudited(ctx, patch, RESULTS_ROOT, Object.keys(before).length > 0 ? before : null, description);
  return { written, unchanged: wanted.size - written };
}

/**
 * A game's whole history, date key -> number, oldest first: read once, when the admin asks for
 * an export, never on the dashboard's open.
 */
export async function resultHistory(ctx: DataContext, game: string): Promise<[string, string][]> {
  const node = (await get(ref(ctx.db, paths.game(game)))).val() as unknown;
  if (!isRecord(node)) return [];
  return Object.entries(node)
    .filter(([key]) => isDateKey(key))
    .flatMap(([date, value]): [string, string][] => {
      const number = storedNumber(value);
      return number === null ? [] : [[date, number]];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The patch of the one write rule (resultPatch.ts) with this SDK's server time and push keys. */
function resultPatch(ctx: DataContext, game: string, dateKey: string, before: unknown, value: string, silent: boolean) {
  return writeResult({
    game,
    dateKey,
    before,
    value,
    silent,
    serverTime: serverTimestamp(),
    newCorrectionKey: () => {
      const key = push(ref(ctx.db, CORRECTIONS)).key;
      if (!key) throw new DataError('data/no-id', 'Could not allocate an id for the correction.');
      return key;
    },
  });
}

// ---------- the undo window of a publish ----------

/**
 * Takes back a result just published: a correction gets its earlier number back (and its
 * corrections entry goes), a first publication is removed. One update with its audit entry.
 * The notify service sees the number gone or changed and does not push it.
 * Resolves the number now stored (null: none).
 */
export async function undoResult(ctx: AdminContext, game: string, dateKey: string): Promise<string | null> {
  const path = paths.result(game, dateKey);
  const before = (await get(ref(ctx.db, path))).val() as unknown;
  const node = isRecord(before) ? before : {};
  const number = normalizeNumber(node['number']);
  if (number === null) return null;
  const was = normalizeNumber(node['was']);
  if (was === null) {
    await writeAudited(ctx, { [path]: null }, path, number, null);
    return null;
  }
  const patch: Record<string, unknown> = {
    [`${path}/number`]: was,
    [`${path}/was`]: null,
    [`${path}/updatedAt`]: serverTimestamp(),
  };
  // The correction's log entry was written with the same server time as updatedAt.
  const since = typeof node['updatedAt'] === 'number' ? node['updatedAt'] : 0;
  const log = (await get(query(ref(ctx.db, CORRECTIONS), orderByChild('correctedAt'), startAt(since)))).val() as unknown;
  const entry = Object.entries(isRecord(log) ? log : {})
    .filter(([, c]) => isRecord(c) && c['game'] === game && c['date'] === dateKey && c['to'] === number)
    .sort(
      ([, a], [, b]) => Number((b as Record<string, unknown>)['correctedAt']) - Number((a as Record<string, unknown>)['correctedAt']),
    )[0];
  if (entry) patch[paths.correction(entry[0])] = null;
  await writeAudited(ctx, patch, path, number, was);
  return was;
}

/** `dateKey`'s results waiting for their push, soonest first. Admin only. */
export function pendingPushes(ctx: DataContext, dateKey: string): Observable<PendingPush[]> {
  return valueOf(ref(ctx.db, paths.pendingPushes(dateKey))).pipe(
    map((v) =>
      Object.entries(isRecord(v) ? v : {})
        .flatMap(([game, p]) => {
          const number = isRecord(p) ? normalizeNumber(p['number']) : null;
          const sendAt = isRecord(p) ? p['sendAt'] : null;
          return number !== null && typeof sendAt === 'number' ? [{ game, number, sendAt }] : [];
        })
        .sort((a, b) => a.sendAt - b.sendAt),
    ),
  );
}

/** The undo window in seconds (default 30 when never set). Admin only. */
export function undoWindow(ctx: DataContext): Observable<number> {
  return valueOf(ref(ctx.db, paths.undoWindowSec)).pipe(map((v) => (typeof v === 'number' ? v : DEFAULT_UNDO_WINDOW_SEC)));
}

export async function setUndoWindow(ctx: AdminContext, seconds: number): Promise<void> {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_UNDO_WINDOW_SEC) {
    throw new DataError('data/invalid-undo-window', `The undo window must be a whole number of seconds from 0 to ${MAX_UNDO_WINDOW_SEC}.`);
  }
  const path = paths.undoWindowSec;
  const previous = (await get(ref(ctx.db, path))).val() as unknown;
  await writeAudited(ctx, { [path]: seconds }, path, previous, seconds);
}

// ---------- scheduled publishing ----------

/**
 * Schedules `number` for `game`'s `dateKey`, to be published by the notify service at `at` (ms),
 * or changes what is scheduled there. Private to the admin until then (the rules). One update
 * with its audit entry.
 */
export async function scheduleResult(ctx: AdminContext, game: string, dateKey: string, number: string, at: number): Promise<void> {
  const value = normalizeNumber(number);
  if (value === null) throw new DataError('data/invalid-number', 'Number must be two digits from 00 to 99.');
  if (!isDateKey(dateKey)) throw new DataError('data/invalid-date', `Invalid date: ${dateKey}`);
  if (!Number.isFinite(at)) throw new DataError('data/invalid-time', 'Time must look like HH:MM AM/PM.');
  await refuseNoDraw(ctx, [{ game, date: dateKey }]);
  const path = paths.scheduled(game, dateKey);
  const previous = (await get(ref(ctx.db, path))).val() as unknown;
  await writeAudited(ctx, { [path]: { number: value, at, createdAt: serverTimestamp() } }, path, previous, { number: value, at });
}

/** Takes a scheduled number back before its time (nothing is published). Audited. */
export async function cancelScheduled(ctx: AdminContext, game: string, dateKey: string): Promise<void> {
  const path = paths.scheduled(game, dateKey);
  const previous = (await get(ref(ctx.db, path))).val() as unknown;
  if (previous === null) return;
  await writeAudited(ctx, { [path]: null }, path, previous, null);
}

/** Every scheduled number, soonest first. Admin only. */
export function scheduledNumbers(ctx: DataContext): Observable<ScheduledNumber[]> {
  return valueOf(ref(ctx.db, SCHEDULED)).pipe(
    map((v) =>
      Object.entries(isRecord(v) ? v : {})
        .flatMap(([game, days]) =>
          Object.entries(isRecord(days) ? days : {}).flatMap(([date, entry]) => {
            const number = isRecord(entry) ? normalizeNumber(entry['number']) : null;
            const at = isRecord(entry) ? entry['at'] : null;
            const refused = isRecord(entry) ? SCHEDULED_REFUSALS.find((reason) => reason === entry['refused']) : undefined;
            if (number === null || typeof at !== 'number') return [];
            return [refused === undefined ? { game, date, number, at } : { game, date, number, at, refused }];
          }),
        )
        .sort((a, b) => a.at - b.at || a.game.localeCompare(b.game)),
    ),
  );
}

// ---------- days without a draw (shared/domain/holidays.ts) ----------

/**
 * Refuses a first number for a day marked as having no draw (a correction of a number already
 * there is let through: the number wins over the mark). One read of the games' marks.
 */
async function refuseNoDraw(ctx: DataContext, rows: readonly { game: string; date: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const holidays = readHolidays((await get(ref(ctx.db, HOLIDAYS))).val());
  const marked = rows.find((row) => noDrawReason(holidays, row.game, row.date) !== null);
  if (marked) throw new DataError('data/no-draw', noDrawRefused(marked.game, formatDisplayDate(marked.date)));
}

/**
 * Marks (or clears) a game's date as having no draw. A date that already has a number is refused:
 * the number would win over the mark, so the mark would say nothing (undo the number first).
 */
export async function setNoDrawDate(ctx: AdminContext, game: string, dateKey: string, marked: boolean): Promise<void> {
  if (!isDateKey(dateKey)) throw new DataError('data/invalid-date', `Invalid date: ${dateKey}`);
  const path = paths.holidayDate(game, dateKey);
  const previous = (await get(ref(ctx.db, path))).val() === true;
  if (previous === marked) return;
  if (marked) {
    const number = storedNumber((await get(ref(ctx.db, paths.result(game, dateKey)))).val());
    if (number !== null) {
      throw new DataError(
        'data/no-draw-has-number',
        `${game} already has ${number} on ${formatDisplayDate(dateKey)}, so the day cannot be marked as having no draw. Undo or correct the number first.`,
      );
    }
  }
  await writeAudited(ctx, { [path]: marked ? true : null }, path, previous || null, marked || null);
}

/** Marks a weekday of a game as having no draw every week from `from` (a date key) on; `from` null clears it. */
export async function setNoDrawWeekday(ctx: AdminContext, game: string, weekday: Weekday, from: string | null): Promise<void> {
  if (!isWeekday(weekday)) throw new DataError('data/invalid-date', `Invalid weekday: ${String(weekday)}`);
  if (from !== null && !isDateKey(from)) throw new DataError('data/invalid-date', `Invalid date: ${from}`);
  const path = paths.holidayWeekday(game, weekday);
  const previous = (await get(ref(ctx.db, path))).val() as unknown;
  if ((previous ?? null) === from) return;
  await writeAudited(ctx, { [path]: from }, path, previous ?? null, from);
}

/**
 * Applies `patch` in one update together with its live paths (livePatch.ts, on the site's day)
 * and an audit entry of `path`'s old and new value. Every text written, the audit's new value
 * too, is first cleared of the characters XML 1.0 forbids (xmlText.ts): the rules refuse them,
 * and the admin who pasted one still saves. The patch's keys are left alone: they are the paths
 * of records, not text the admin typed, and the audit's old value records what was there.
 */
export async function writeAudited(
  ctx: AdminContext,
  patch: Record<string, unknown>,
  path: string,
  previous: unknown,
  next: unknown,
): Promise<void> {
  const user = await ctx.currentUser();
  const auditKey = push(ref(ctx.db, AUDIT)).key;
  if (!auditKey) throw new DataError('data/no-id', 'Could not allocate an id for the audit entry.');
  const values = Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, xmlTextDeep(value)]));
  const entry = {
    uid: user?.uid ?? 'unknown',
    email: user?.email ?? null,
    at: serverTimestamp(),
    path,
    old: previous === undefined ? null : JSON.stringify(previous),
    new: next === undefined ? null : JSON.stringify(xmlTextDeep(next)),
  };
  const live = livePatch(values, siteNow(ctx.now(), ctx.timezone).dateKey, serverTimestamp());
  await update(ref(ctx.db), { ...values, ...live, [paths.auditEntry(auditKey)]: entry });
}

function stripUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === undefined ? undefined : v))) as T;
}

/**
 * The admin's commands, by the name the dashboard calls them: the one table of them. Each takes
 * the SDK's context first (admin.ts hands it in, loading this module and the SDK on first use).
 * A command whose first parameter is the AdminContext (it writes with an audit entry) is a write:
 * the dashboard puts it through its queue of pending writes with a label (mf-admin's adminData.ts
 * must name one for each); one taking a DataContext only reads. A name ending in `$` is a stream,
 * offered as a live value (cache first) and shared per arguments.
 */
export const adminCommands = {
  setResult,
  getResult,
  setGameTime,
  setMainInfo,
  setAdInfo,
  saveKhaiwal,
  deleteKhaiwal,
  publishedNumbers,
  importResults,
  importChunk,
  resultHistory,
  undoResult,
  setUndoWindow,
  scheduleResult,
  cancelScheduled,
  setNoDrawDate,
  setNoDrawWeekday,
  /** A game's notice of today: setGameNotice, removeGameNotice (gameNoticeCommands.ts). */
  ...gameNoticeCommands(writeAudited),
  /** The newest `limit` entries of the admin's audit trail, newest first. */
  audit$: auditTrail,
  /** `dateKey`'s results waiting for their push, soonest first. */
  pendingPushes$: pendingPushes,
  /** The undo window in seconds (default 30 when never set). */
  undoWindow$: undoWindow,
  /** Every scheduled number, soonest first. */
  scheduled$: scheduledNumbers,
};
