import { randomUUID } from 'node:crypto';
import { ServerValue, type DataSnapshot, type Database } from 'firebase-admin/database';
import { normalizeNumber } from '@satta/shared/domain/numbers';
import { formatDisplayDate, isDateKey, siteNow } from '@satta/shared/domain/siteTime';
import { WEEKDAY_LABELS, noDrawReason, readHolidays } from '@satta/shared/domain/holidays';
import { noDrawRefused } from '@satta/shared/domain/messages';
import { resultPatch as writeResult, storedNumber } from '@satta/shared/data/resultPatch';
import { livePatch } from '@satta/shared/data/livePatch';
import { AUDIT, CORRECTIONS, HOLIDAYS, SCHEDULED, paths } from '@satta/shared/data/paths';
import type { ScheduledRefusal } from '@satta/shared/data/types';
import { logEvent } from '../../log/log.ts';
// setTimeout's limit; a later entry is re-armed when it runs out.
import { MAX_TIMER_MS } from './config.ts';

/** scheduled/{game}/{date} = { number, at, createdAt, claimedAt?, claimedBy?, refused? } (admin only). */
export const SCHEDULED_ROOT = SCHEDULED;
/** A claim older than this is taken to be of an instance that died mid-publish. */
export const STALE_CLAIM_MS = 60_000;
/** An entry due longer ago than this is not published: the admin decides (see the README). */
export const MAX_OVERDUE_MS = 24 * 60 * 60 * 1000;
/** Audit uid of what the service writes. */
export const SERVICE_UID = 'notify-service';
/** Wait before this instance tries again an entry it claimed but could not publish. */
const RETRY_MS = 10_000;

export interface Scheduled {
  game: string;
  date: string;
  number: string;
  /** Milliseconds since the epoch at which to publish. */
  at: number;
  /** The claim of an instance publishing it (its time and token), if any. */
  claimedAt?: number;
  claimedBy?: string;
  /**
   * Set when the service refused to publish it at its time ('no-draw': the day is marked as
   * having no draw); such an entry is left for the admin, who changes it (tried again) or cancels it.
   */
  refused?: string;
}

/** A stored entry, or null when it is not one the service can publish. */
export function readScheduled(game: string, date: string, value: unknown): Scheduled | null {
  if (typeof value !== 'object' || value === null || !isDateKey(date)) return null;
  const { number, at, claimedAt, claimedBy, refused } = value as Record<string, unknown>;
  const n = normalizeNumber(number);
  if (n === null || typeof at !== 'number' || !Number.isFinite(at)) return null;
  return {
    game,
    date,
    number: n,
    at,
    ...(typeof claimedAt === 'number' ? { claimedAt } : {}),
    ...(typeof claimedBy === 'string' ? { claimedBy } : {}),
    ...(typeof refused === 'string' && refused !== '' ? { refused } : {}),
  };
}

export interface ScheduledPublisherOptions {
  db: Database;
  /** The site's timezone (the service's NOTIFY_TIMEZONE): its day decides what the live node holds. */
  timezone: string;
  now?: () => number;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

/**
 * Publishes the numbers the admin scheduled, each exactly once. Every entry of `scheduled` gets
 * a timer; at its time the entry is claimed with a transaction (only if unclaimed or its claim
 * is stale), and then one multi-path update writes the result as the dashboard's setResult does
 * (number and server times, `was` and a corrections entry when it changes a different number,
 * the live read model's share of it, an audit entry) and removes the entry. So a second instance finds the entry claimed or gone,
 * and a restart re-reads `scheduled` and publishes what became due while it was down. The push
 * follows from the result write like any publish (resultWatcher -> the undo window).
 *
 * A first number for a day marked as having no draw (holidays/{game}, shared/domain/holidays.ts:
 * that date, or that weekday from the mark's first date on) is not published, as the dashboard's
 * setResult refuses it: the entry stays, its claim given back and `refused: 'no-draw'` set for the
 * dashboard to show, and a line is logged. An entry refused, like one overdue by a day, is left
 * for the admin: changed (scheduleResult writes it anew, without `refused`, and refuses it while
 * the day is marked) it is tried again at its time; cancelled it is gone. A number already
 * published that day wins over the mark, so a scheduled change of it is published (a correction).
 */
export function createScheduledPublisher(options: ScheduledPublisherOptions) {
  const { db, timezone } = options;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((line: string, fields?: Record<string, unknown>) => logEvent('INFO', line, fields));
  const instance = randomUUID();
  const timers = new Map<string, { number: string; due: number; timer: NodeJS.Timeout }>();
  const leftAlone = new Set<string>();
  /** Entries this instance is publishing now: the listener's echo of our own claim is not a new timer. */
  const busy = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const label = ({ game, number, date }: Scheduled) => `notify: scheduled ${game} ${number} (${date})`;
  const keyOf = ({ game, date }: Scheduled) => `${game}/${date}`;

  const ours = (claimedBy: unknown) => typeof claimedBy === 'string' && claimedBy.startsWith(`${instance}/`);
  /** When to try: at its time, once another instance's claim is stale, a while after our failed try. */
  const dueOf = (entry: Scheduled) =>
    entry.claimedAt === undefined ? entry.at : Math.max(entry.at, entry.claimedAt + (ours(entry.claimedBy) ? RETRY_MS : STALE_CLAIM_MS));

  const cancel = (key: string) => {
    const entry = timers.get(key);
    if (entry) clearTimeout(entry.timer);
    timers.delete(key);
  };

  /** Takes the entry for this instance; resolves the entry as claimed, or null when not ours. */
  async function claim(entry: Scheduled): Promise<Scheduled | null> {
    const token = `${instance}/${randomUUID()}`;
    const ref = db.ref(`${SCHEDULED_ROOT}/${entry.game}/${entry.date}`);
    const outcome = await ref.transaction(
      (current: unknown) => {
        // Returning null for a null local value is safe: the server retries with its own value.
        if (typeof current !== 'object' || current === null) return null;
        const node = current as Record<string, unknown>;
        // Refused (by another instance since this one armed it): left for the admin.
        if (typeof node['refused'] === 'string' && node['refused'] !== '') return undefined;
        const claimedAt = node['claimedAt'];
        if (typeof claimedAt === 'number' && now() - claimedAt < STALE_CLAIM_MS && !ours(node['claimedBy'])) return undefined;
        return { ...node, claimedAt: now(), claimedBy: token };
      },
      undefined,
      false,
    );
    const value: unknown = outcome.snapshot.val();
    if (!outcome.committed || typeof value !== 'object' || value === null || (value as Record<string, unknown>)['claimedBy'] !== token)
      return null;
    return readScheduled(entry.game, entry.date, value);
  }

  /** The result write of the dashboard's setResult (shared/data/resultPatch.ts), as the service. */
  async function resultPatch({ game, date, number }: Scheduled): Promise<{ patch: Record<string, unknown>; previous: string | null }> {
    const before: unknown = (await db.ref(paths.result(game, date)).get()).val();
    const patch = writeResult({
      game,
      dateKey: date,
      before,
      value: number,
      // A scheduled number is a live publish: pushed, even over a back-filled one.
      silent: false,
      serverTime: ServerValue.TIMESTAMP,
      newCorrectionKey: () => {
        const key = db.ref(CORRECTIONS).push().key;
        if (!key) throw new Error('no key for a corrections entry');
        return key;
      },
    });
    return { patch: patch ?? {}, previous: storedNumber(before) };
  }

  async function publish(entry: Scheduled) {
    const claimed = await claim(entry);
    if (!claimed) {
      log(`${label(entry)} is published, changed or cancelled elsewhere: left alone here`);
      return;
    }
    if (claimed.number !== entry.number || claimed.at > now()) {
      // Changed between the timer and the claim: give the claim back; the listener re-arms it.
      await db.ref(`${SCHEDULED_ROOT}/${entry.game}/${entry.date}`).update({ claimedAt: null, claimedBy: null });
      return;
    }
    const { patch, previous } = await resultPatch(claimed);
    if (previous === null && (await refuseNoDraw(claimed))) return;
    const path = paths.result(claimed.game, claimed.date);
    const audit = db.ref(AUDIT).push().key;
    // The live node's share, on the site's day now (shared/data/livePatch.ts), in the same update.
    const live = livePatch(patch, siteNow(new Date(now()), timezone).dateKey, ServerValue.TIMESTAMP);
    await db.ref().update({
      ...patch,
      ...live,
      [`${SCHEDULED_ROOT}/${claimed.game}/${claimed.date}`]: null,
      [`audit/${audit}`]: {
        uid: SERVICE_UID,
        at: ServerValue.TIMESTAMP,
        path,
        old: previous === null ? null : JSON.stringify(previous),
        new: JSON.stringify(claimed.number),
      },
    });
    log(`${label(claimed)} published${previous === claimed.number ? ' (the number was already there)' : ''}`, {
      event: 'scheduled-publish',
      game: claimed.game,
      number: claimed.number,
      date: claimed.date,
    });
  }

  /**
   * Refuses a claimed entry for a day marked as having no draw: gives the claim back and marks it
   * `refused`, in one update, and logs why. Whether it refused.
   */
  async function refuseNoDraw(claimed: Scheduled): Promise<boolean> {
    // The whole node: small, and a game's marks may be stored under another spelling of it.
    const holidays = readHolidays((await db.ref(HOLIDAYS).get()).val());
    const reason = noDrawReason(holidays, claimed.game, claimed.date);
    if (reason === null) return false;
    const refused: ScheduledRefusal = 'no-draw';
    await db.ref(`${SCHEDULED_ROOT}/${claimed.game}/${claimed.date}`).update({ claimedAt: null, claimedBy: null, refused });
    leftAlone.add(keyOf(claimed));
    const mark = reason.kind === 'date' ? 'that date' : `every ${WEEKDAY_LABELS[reason.weekday]} from ${formatDisplayDate(reason.from)}`;
    log(
      `${label(claimed)} refused (no draw ${mark}): ${noDrawRefused(claimed.game, formatDisplayDate(claimed.date))} Left for the admin.`,
      {
        event: 'scheduled-refused',
        reason: refused,
        game: claimed.game,
        number: claimed.number,
        date: claimed.date,
      },
    );
    return true;
  }

  function arm(key: string, entry: Scheduled) {
    if (busy.has(key)) return;
    const due = dueOf(entry);
    const existing = timers.get(key);
    if (existing && existing.number === entry.number && existing.due === due) return;
    cancel(key);
    if (entry.refused !== undefined) {
      if (!leftAlone.has(key)) log(`${label(entry)} was refused (${entry.refused}): not published, left for the admin`);
      leftAlone.add(key);
      return;
    }
    if (now() - entry.at > MAX_OVERDUE_MS) {
      if (!leftAlone.has(key)) log(`${label(entry)} was due more than 24 h ago: not published, left for the admin`);
      leftAlone.add(key);
      return;
    }
    leftAlone.delete(key);
    const wait = Math.max(0, due - now());
    if (wait > 0 && due === entry.at) log(`${label(entry)} waits: publish in ${Math.ceil(wait / 1000)} s`);
    const timer = setTimeout(
      () => {
        if (timers.get(key)?.timer !== timer) return;
        timers.delete(key);
        if (closed) return;
        if (due > now()) {
          arm(key, entry);
          return;
        }
        busy.add(key);
        const work = publish(entry)
          .catch((error: unknown) => log(`${label(entry)} failed: ${String(error)}`))
          .then(async () => {
            busy.delete(key);
            if (closed) return;
            // Whatever is stored now (gone, changed, claimed elsewhere, or ours after a failure) decides.
            const again = readScheduled(entry.game, entry.date, (await db.ref(`${SCHEDULED_ROOT}/${key}`).get()).val());
            if (again && !closed) arm(key, again);
          })
          .catch((error: unknown) => log(`${label(entry)} failed: ${String(error)}`));
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timers.set(key, { number: entry.number, due, timer });
  }

  // The whole list is small (today's numbers of a few games): one listener on it.
  const ref = db.ref(SCHEDULED_ROOT);
  let first = true;
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const callback = (snapshot: DataSnapshot) => {
    const seen = new Set<string>();
    snapshot.forEach((game) => {
      game.forEach((day) => {
        const key = `${game.key}/${day.key}`;
        const entry = readScheduled(game.key ?? '', day.key ?? '', day.val());
        if (!entry) {
          log(`notify: scheduled/${key} is not a number and a time: ignored`);
          return;
        }
        seen.add(key);
        arm(key, entry);
      });
    });
    for (const key of [...timers.keys()]) {
      if (seen.has(key)) continue;
      cancel(key);
      log(`notify: scheduled ${key.replace('/', ' (')}) is no longer scheduled (published or cancelled)`);
    }
    for (const key of [...leftAlone]) if (!seen.has(key)) leftAlone.delete(key);
    if (first) {
      first = false;
      log(`notify: watching scheduled numbers (${seen.size} scheduled)`);
      resolveReady();
    }
  };
  ref.on('value', callback, (error: Error) => log(`notify: listening to scheduled numbers failed: ${error.message}`));

  return {
    /** Resolves once the scheduled entries have been read (and overdue ones started). */
    ready,
    /** Stops the timers and waits for a publish under way; the entries stay for the next start. */
    async close() {
      closed = true;
      ref.off('value', callback);
      for (const key of [...timers.keys()]) cancel(key);
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type ScheduledPublisher = ReturnType<typeof createScheduledPublisher>;
