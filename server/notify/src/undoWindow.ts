import type { Database } from 'firebase-admin/database';
import { normalizeNumber } from '@satta/shared/domain/numbers';
import type { Result } from './resultWatcher.ts';
import type { SentLedger } from './sentLedger.ts';
import { NOTIFY_STATE, paths } from '@satta/shared/data/paths';

/** Seconds between publishing a number and pushing it, set by the admin in the dashboard. */
export const UNDO_WINDOW_PATH = paths.undoWindowSec;
/** notifyState/pending/{date}/{game} = { number, sendAt }: a push waiting for its window to end. */
export const PENDING_ROOT = `${NOTIFY_STATE}/pending`;
export const DEFAULT_UNDO_WINDOW_SEC = 30;
export const MAX_UNDO_WINDOW_SEC = 600;

/** A stored window, or null when it is not a whole number of seconds from 0 to 600. */
export function parseUndoWindow(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_UNDO_WINDOW_SEC ? value : null;
}

export interface Pending {
  number: string;
  /** Server-clock milliseconds at which the push goes out unless the number is undone. */
  sendAt: number;
}

export function readPending(value: unknown): Pending | null {
  if (typeof value !== 'object' || value === null) return null;
  const { number, sendAt } = value as Record<string, unknown>;
  const n = normalizeNumber(number);
  return n !== null && typeof sendAt === 'number' ? { number: n, sendAt } : null;
}

export interface PublishQueueOptions {
  db: Database;
  ledger: SentLedger;
  /** Claims the result in the ledger and fans it out (at most once per number, by the ledger). */
  announce(result: { date: string; game: string; number: string }): Promise<void>;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * The safe publish: a new result of today is pushed only when its undo window ends. The window's
 * end is kept in the database (notifyState/pending), not only in a timer, so the dashboard can
 * count down to it and a restarted service (or a second instance) resumes it with the same end.
 * When the window ends the result is read again: pushed if it is still the same number, dropped
 * if the admin undid or changed it (a changed number has a window of its own). The ledger still
 * decides who sends, so two instances or a restart send once.
 */
export function createPublishQueue(options: PublishQueueOptions) {
  const { db, ledger } = options;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((line: string) => console.log(line));
  const timers = new Map<string, { number: string; timer: NodeJS.Timeout }>();
  // One game-day's events are handled in order: a quick 42 -> 43 must not end up waiting for 42.
  const chains = new Map<string, Promise<void>>();
  let closed = false;

  const pendingRef = (date: string, game: string) => db.ref(`${PENDING_ROOT}/${date}/${game}`);
  const label = (game: string, number: string, date: string) => `notify: ${game} ${number} (${date})`;

  const serial = (key: string, work: () => Promise<void>): Promise<void> => {
    const next = (chains.get(key) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => log(`notify: undo window of ${key} failed: ${String(error)}`));
    chains.set(key, next);
    void next.finally(() => {
      if (chains.get(key) === next) chains.delete(key);
    });
    return next;
  };

  const cancel = (key: string) => {
    const entry = timers.get(key);
    if (entry) clearTimeout(entry.timer);
    timers.delete(key);
    return entry;
  };

  async function windowSec(): Promise<number> {
    const raw: unknown = (await db.ref(UNDO_WINDOW_PATH).get()).val();
    if (raw === null) return DEFAULT_UNDO_WINDOW_SEC;
    const sec = parseUndoWindow(raw);
    if (sec !== null) return sec;
    log(
      `notify: ${UNDO_WINDOW_PATH} must be a whole number of seconds from 0 to ${MAX_UNDO_WINDOW_SEC}, got ${JSON.stringify(raw)}; using ${DEFAULT_UNDO_WINDOW_SEC}`,
    );
    return DEFAULT_UNDO_WINDOW_SEC;
  }

  /** Removes the pending entry only while it is still this number's. */
  async function dropPending(date: string, game: string, number: string) {
    // Returning null for an empty local value is safe: the server retries with its own value.
    await pendingRef(date, game).transaction(
      (current: unknown) => (current === null || readPending(current)?.number === number ? null : undefined),
      undefined,
      false,
    );
  }

  async function fire(date: string, game: string, number: string) {
    if (closed) return;
    const value: unknown = (await db.ref(paths.result(game, date)).get()).val();
    const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const current = normalizeNumber(stored['number']);
    await dropPending(date, game, number);
    if (current !== number || stored['silent'] === true) {
      log(`${label(game, number, date)} was undone or changed within the undo window: not announced`);
      return;
    }
    await options.announce({ date, game, number });
  }

  async function schedule({ date, game, number, updatedAt, silent }: Result) {
    const key = `${date}/${game}`;
    if (silent) {
      cancel(key);
      await pendingRef(date, game).remove();
      log(`${label(game, number, date)} is back-filled (silent): not announced`);
      return;
    }
    if (timers.get(key)?.number === number) return;
    cancel(key);
    if ((await ledger.announced(date, game)) === number) {
      await dropPending(date, game, number);
      return;
    }
    const sec = await windowSec();
    let sendAt = (updatedAt ?? now()) + sec * 1000;
    if (sec > 0) {
      // The first to record the window sets its end; a restart or a second instance adopts it.
      const wanted: Pending = { number, sendAt };
      const outcome = await pendingRef(date, game).transaction(
        (current: unknown) => (readPending(current)?.number === number ? undefined : wanted),
        undefined,
        false,
      );
      sendAt = readPending(outcome.snapshot.val())?.sendAt ?? sendAt;
    }
    // A window is at most the configured seconds from now: an end later than that (an entry or a
    // result time edited by hand) is no undo window, and a timer set days ahead would fire at
    // once past setTimeout's 24.8 days. The push then waits the configured window from now.
    const latest = now() + sec * 1000;
    if (sendAt > latest) {
      log(
        `${label(game, number, date)}: its recorded undo window ends ${Math.round((sendAt - now()) / 1000)} s from now, longer than ${sec} s: pushing ${sec} s from now instead`,
      );
      sendAt = latest;
    }
    if (closed) return;
    const wait = Math.max(0, sendAt - now());
    if (wait > 0) log(`${label(game, number, date)} waits for its undo window: push in ${Math.ceil(wait / 1000)} s`);
    const timer = setTimeout(() => {
      if (timers.get(key)?.timer === timer) timers.delete(key);
      void serial(key, () => fire(date, game, number));
    }, wait);
    timers.set(key, { number, timer });
  }

  async function removed(date: string, game: string) {
    const key = `${date}/${game}`;
    const entry = cancel(key);
    // Also after a restart: an entry whose number was undone while the service was down. Removed
    // before the line is logged, so whoever reads the log finds the entry gone.
    await pendingRef(date, game).remove();
    if (entry) log(`${label(game, entry.number, date)} was undone within the undo window: not announced`);
  }

  return {
    /** A result of today as the watcher saw it. */
    onResult: (result: Result) => serial(`${result.date}/${result.game}`, () => schedule(result)),
    onRemoved: (date: string, game: string) => serial(`${date}/${game}`, () => removed(date, game)),

    /** Forgets pending entries of days before `keepFrom`: the watcher no longer sees them. */
    async prune(keepFrom: string): Promise<void> {
      const old = await db.ref(PENDING_ROOT).orderByKey().endAt(keepFrom).get();
      const patch: Record<string, null> = {};
      old.forEach((day) => {
        if (day.key && day.key < keepFrom) patch[day.key] = null;
      });
      if (Object.keys(patch).length) await db.ref(PENDING_ROOT).update(patch);
    },

    /** Stops the timers; the pending entries stay for the next start. */
    close() {
      closed = true;
      for (const key of [...timers.keys()]) cancel(key);
    },
  };
}
export type PublishQueue = ReturnType<typeof createPublishQueue>;
