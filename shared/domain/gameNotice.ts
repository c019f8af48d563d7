import { xmlText } from './xmlText.ts';
import { MAX_LENGTH } from './limits.ts';

/*
 * A game's notice for today (issue 38, point 1): a short line the admin writes for one game, e.g.
 * 'रिजल्ट में देरी' or 'Result delayed', that the site shows in that game's today cell instead of
 * the pulsing 'Wait...' until the number is published, and in the link previews.
 *
 *   gameNotices/{YYYY-MM-DD}/{game} = 'text' (at most NOTICE_MAX_LENGTH characters)
 *
 * Stored under its day, so that it ends by itself: the pages read today's key only, and tomorrow
 * the notice is simply not read. The admin removes it earlier with Remove (the value null).
 */

export const GAME_NOTICES_ROOT = 'gameNotices';

/** At most this many characters (UTF-16 units, as the database rules count them). */
export const NOTICE_MAX_LENGTH = MAX_LENGTH.gameNotice.text;

/** game -> its notice of the day. */
export type GameNotices = Readonly<Record<string, string>>;

export const gameNoticePaths = {
  day: (dateKey: string) => `${GAME_NOTICES_ROOT}/${dateKey}`,
  entry: (dateKey: string, game: string) => `${GAME_NOTICES_ROOT}/${dateKey}/${game}`,
} as const;

/** The text as stored: one line, spaces collapsed, ends trimmed, without the characters XML forbids. */
export function normalizeNotice(text: string): string {
  return xmlText(text).replace(/\s+/g, ' ').trim();
}

/** Why a notice cannot be saved (the admin's words), or null: it can. `text` is normalised first. */
export function noticeProblem(text: string): string | null {
  const notice = normalizeNotice(text);
  if (notice === '') return 'Please write the notice.';
  if (notice.length > NOTICE_MAX_LENGTH) {
    return `The notice is ${notice.length} characters long; at most ${NOTICE_MAX_LENGTH} fit in a game's row.`;
  }
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A day's notices as stored (anything unreadable left out, a too long one cut, never thrown). */
export function readGameNotices(node: unknown): GameNotices {
  const notices: Record<string, string> = {};
  if (!isRecord(node)) return notices;
  for (const [game, value] of Object.entries(node)) {
    if (typeof value !== 'string') continue;
    const text = normalizeNotice(value).slice(0, NOTICE_MAX_LENGTH);
    if (text !== '') notices[game] = text;
  }
  return notices;
}

/**
 * The notice shown in a game's today cell: only while the day has no number (a number always
 * wins) and the game has a draw today (a day without a draw says so instead).
 */
export function noticeShown(notices: GameNotices | undefined, game: string, todayNumber: string | null, noDraw = false): string | null {
  if (todayNumber !== null || noDraw) return null;
  return notices?.[game] ?? null;
}
