import type { PendingPush, ScheduledNumber } from '@satta/shared/data';
import { orderGames } from '@satta/shared/domain/games';
import { isMarkedNoDraw, type Holidays } from '@satta/shared/domain/holidays';
import { siteClockTime } from '@satta/shared/domain/publishTimes';
import { defaultResultDay } from '@satta/shared/domain/resultDay';
import type { GameData } from '@satta/shared/domain/results';
import { scheduledClock } from '@satta/shared/domain/schedule';
import { parseGameTime } from '@satta/shared/domain/time';
import {
  STATE_DUE,
  STATE_NO_DRAW_TODAY,
  STATE_NO_DRAW_YESTERDAY,
  STATE_WAITING,
  stateCorrected,
  statePublished,
  stateScheduled,
  stateUndoWindow,
} from './adminMessages.ts';
import { secondsLeftOf } from './countdown.ts';

/** Where one game of the day stands. */
export type DayBoardState =
  /** No number yet and its draw is still ahead (or it has no readable time). */
  | { kind: 'waiting' }
  /** No number yet and its draw time has come. */
  | { kind: 'due' }
  /**
   * Marked as having no draw that day (Days without a draw) and no number: nothing to publish.
   * `yesterday`: the day is yesterday's (an evening draw before 05:05).
   */
  | { kind: 'noDraw'; yesterday: boolean }
  /** No number yet; the notify service publishes `number` at `at` (ms). */
  | { kind: 'scheduled'; number: string; at: number }
  /** Published; its push waits for the undo window, until `sendAt` (ms). */
  | { kind: 'undo'; number: string; sendAt: number }
  /** Published; `at` is the first publication (absent on old data). */
  | { kind: 'published'; number: string; at?: number }
  /** Published, then changed from `was`; `at` is the last change (absent on old data). */
  | { kind: 'corrected'; number: string; was: string; at?: number };

export interface DayBoardRow {
  game: string;
  /** Canonical 'HH:MM AM/PM', or null when the game has no readable time. */
  time: string | null;
  /** The date key its result is filed under now (defaultResultDay). */
  date: string;
  /** True when that date is yesterday's: an evening draw before 05:05 (see defaultResultDay). */
  drawnYesterday: boolean;
  state: DayBoardState;
}

export interface DayBoardInput {
  games: readonly GameData[];
  /** The site's wall clock now. */
  now: { dateKey: string; minutesOfDay: number };
  /** The instant now (ms), for the undo window's end. */
  nowMs: number;
  scheduled: readonly ScheduledNumber[];
  /** The pushes waiting for their undo window, by result date key. */
  pending: Readonly<Record<string, readonly PendingPush[] | undefined>>;
  /** Days without a draw; none when absent. */
  holidays?: Holidays | undefined;
}

/**
 * The games of the site's day, one row each, in the order of their draws: each filed under the
 * date its result goes under now (defaultResultDay, the same as Update Number's default day), so
 * between midnight and 05:05 the evening draws of yesterday come first, then the early-morning
 * ones of today. Games without a time come last, in the result table's order.
 */
export function dayBoardRows({ games, now, nowMs, scheduled, pending, holidays }: DayBoardInput): DayBoardRow[] {
  const rows = orderGames(games).map((game, order) => {
    const minutes = parseGameTime(game.time);
    const { date, drawnYesterday } = defaultResultDay(game.time, now);
    const drawn = minutes !== null && (date < now.dateKey || minutes <= now.minutesOfDay);
    const row: DayBoardRow = {
      game: game.name,
      time: game.time,
      date,
      drawnYesterday,
      state: rowState(game, date, drawn, nowMs, scheduled, pending[date] ?? [], {
        marked: isMarkedNoDraw(holidays, game.name, date),
        yesterday: drawnYesterday,
      }),
    };
    return { row, minutes, order };
  });
  rows.sort((a, b) => {
    if (a.minutes === null || b.minutes === null) return a.minutes === b.minutes ? a.order - b.order : a.minutes === null ? 1 : -1;
    if (a.row.date !== b.row.date) return a.row.date < b.row.date ? -1 : 1;
    return a.minutes - b.minutes || a.order - b.order;
  });
  return rows.map((r) => r.row);
}

function rowState(
  game: GameData,
  date: string,
  drawn: boolean,
  nowMs: number,
  scheduled: readonly ScheduledNumber[],
  pending: readonly PendingPush[],
  noDraw: { marked: boolean; yesterday: boolean },
): DayBoardState {
  const number = game.results[date];
  if (number !== undefined) {
    const push = pending.find((p) => p.game === game.name && p.sendAt > nowMs);
    if (push) return { kind: 'undo', number: push.number, sendAt: push.sendAt };
    const meta = game.meta?.[date];
    if (meta?.was !== undefined) {
      const corrected: DayBoardState = { kind: 'corrected', number, was: meta.was };
      return meta.updatedAt === undefined ? corrected : { ...corrected, at: meta.updatedAt };
    }
    const published: DayBoardState = { kind: 'published', number };
    return meta?.publishedAt === undefined ? published : { ...published, at: meta.publishedAt };
  }
  // A number wins over the mark (above); without one the mark wins over a schedule, which the
  // notify service would refuse at its time.
  if (noDraw.marked) return { kind: 'noDraw', yesterday: noDraw.yesterday };
  // One the publisher refused (the day was marked at its time) will not go out: the game is due again.
  const entry = scheduled.find((s) => s.game === game.name && s.date === date && s.refused === undefined);
  if (entry) return { kind: 'scheduled', number: entry.number, at: entry.at };
  return drawn ? { kind: 'due' } : { kind: 'waiting' };
}

/**
 * The game to publish next: the first in draw order still without a number, neither published
 * nor scheduled nor marked as having no draw (a draw that has come before one still ahead); null
 * when every timed game has one. A game without a time is never the next: nothing says when it
 * is due.
 */
export function nextDueGame(rows: readonly DayBoardRow[]): string | null {
  const next = rows.find((row) => row.time !== null && (row.state.kind === 'due' || row.state.kind === 'waiting'));
  return next?.game ?? null;
}

/**
 * A row's state in words: 'Waiting', 'Due now', 'No draw today', 'Scheduled: 42 at 06:00 PM IST', 'Published: 42,
 * undo window: push in 25 s', 'Published: 42 at 06:02 PM IST', 'Corrected: 97 → 42 at 06:10 PM
 * IST' (site time; old data without times says no time).
 */
export function dayBoardStateText(state: DayBoardState, nowMs: number, timezone: string): string {
  const clock = (at: number | undefined) => (at === undefined ? null : siteClockTime(at, false, timezone));
  switch (state.kind) {
    case 'waiting':
      return STATE_WAITING;
    case 'due':
      return STATE_DUE;
    case 'noDraw':
      return state.yesterday ? STATE_NO_DRAW_YESTERDAY : STATE_NO_DRAW_TODAY;
    case 'scheduled':
      return stateScheduled(state.number, scheduledClock(state.at, timezone));
    case 'undo':
      return stateUndoWindow(state.number, secondsLeftOf(state.sendAt, nowMs));
    case 'published':
      return statePublished(state.number, clock(state.at));
    case 'corrected':
      return stateCorrected(state.was, state.number, clock(state.at));
  }
}
