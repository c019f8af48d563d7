import { TIME_FORMAT_ERROR, TIME_REQUIRED } from './messages.ts';
import { siteNow } from './siteTime.ts';
import { formatGameTime, parseGameTime } from './time.ts';

/** When a scheduled number goes out: at its game's time today, or at a time the admin typed. */
export type ScheduleWhen = { kind: 'gameTime'; game: string; gameTime: string | null } | { kind: 'chosen'; time: string };

export type ScheduleTime = { ok: true; at: number; time: string } | { ok: false; error: string };

export const noGameTime = (game: string): string => `${game} has no time set; choose a time.`;
export const gameTimePassed = (game: string, time: string): string => `${game}'s time today, ${time}, has passed; nothing was scheduled.`;
export const chosenTimePassed = (time: string): string => `${time} has passed today; choose a later time.`;

/**
 * The instant (ms) of a time of today in the site's zone, if it is still ahead of `now` (a time
 * in the current minute has passed). Counted from `now` in whole minutes, so no zone offset is
 * needed: the site's zone (India) has no daylight saving.
 */
export function scheduleTime(when: ScheduleWhen, now: Date, tz: string): ScheduleTime {
  const text = when.kind === 'gameTime' ? when.gameTime : when.time;
  if (when.kind === 'chosen' && when.time.trim() === '') return { ok: false, error: TIME_REQUIRED };
  const minutes = parseGameTime(text);
  if (minutes === null) return { ok: false, error: when.kind === 'gameTime' ? noGameTime(when.game) : TIME_FORMAT_ERROR };
  const time = formatGameTime(minutes);
  const site = siteNow(now, tz);
  if (minutes <= site.minutesOfDay) {
    return { ok: false, error: when.kind === 'gameTime' ? gameTimePassed(when.game, time) : chosenTimePassed(time) };
  }
  const minuteStart = now.getTime() - (now.getTime() % 60_000);
  return { ok: true, at: minuteStart + (minutes - site.minutesOfDay) * 60_000, time };
}

/** 'HH:MM AM/PM' of an instant in the site's zone, as the dashboard lists a scheduled number. */
export function scheduledClock(at: number, tz: string): string {
  return formatGameTime(siteNow(new Date(at), tz).minutesOfDay);
}
