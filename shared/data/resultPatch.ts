import { normalizeNumber } from '../domain/numbers.ts';
import { paths } from './paths.ts';

/*
 * The one rule of writing a result, for every writer: the dashboard (adminCommands.ts, through
 * the client SDK) and the notify service's scheduled publishing (through firebase-admin). No SDK
 * here: each writer hands in its server-timestamp placeholder and a way to make a push key.
 */

export interface ResultWrite {
  game: string;
  dateKey: string;
  /** What is stored at the date now: the raw node (old data may hold a bare value), or null. */
  before: unknown;
  /** The new number, already two digits. */
  value: string;
  /** A back-filled number, never pushed; a live write of a back-filled date clears the mark. */
  silent: boolean;
  /** The SDK's server-timestamp placeholder (`serverTimestamp()`, `ServerValue.TIMESTAMP`). */
  serverTime: object;
  /** A new key under `corrections`. */
  newCorrectionKey: () => string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The number stored at a date (a `{ number }` node or an old bare value), or null. */
export function storedNumber(before: unknown): string | null {
  return normalizeNumber(isRecord(before) ? before['number'] : before);
}

/**
 * The multi-path patch that puts `value` on the date, or null when that number is already
 * there (a repeat writes nothing, not even new times). A first publication writes the whole node
 * with publishedAt and updatedAt; a different number is a correction: it keeps publishedAt, sets
 * `was` and updatedAt, and adds a public `corrections` entry with both times.
 */
export function resultPatch(write: ResultWrite): Record<string, unknown> | null {
  const { game, dateKey, before, value, silent, serverTime } = write;
  const path = paths.result(game, dateKey);
  const previous = storedNumber(before);
  if (previous === value) return null;
  if (previous === null) {
    // The whole node, so a stray field of an unreadable old node goes too.
    return { [path]: { number: value, publishedAt: serverTime, updatedAt: serverTime, ...(silent ? { silent: true } : {}) } };
  }
  const publishedAt = isRecord(before) ? before['publishedAt'] : undefined;
  return {
    [`${path}/number`]: value,
    [`${path}/updatedAt`]: serverTime,
    [`${path}/was`]: previous,
    [`${path}/silent`]: silent ? true : null,
    [paths.correction(write.newCorrectionKey())]: {
      game,
      date: dateKey,
      from: previous,
      to: value,
      // Old data has no publication time; the entry then has none either.
      ...(typeof publishedAt === 'number' ? { publishedAt } : {}),
      correctedAt: serverTime,
    },
  };
}
