import type { Database } from 'firebase/database';
import type { RuntimeConfig } from './config.ts';
import type { Khaiwal } from '../domain/agents.ts';

export interface MainInfo {
  name?: string;
  phnnumber?: string;
  email?: string;
  banner?: string;
  notice?: string;
  channel?: string;
}
export type AdInfo = Record<string, { name: string; time: string }>;
export interface SignedInUser {
  uid: string;
  email: string | null;
  isAdmin: boolean;
}
export type KhaiwalInput = Omit<Khaiwal, 'id'>;
export interface WriteResult {
  /** true when the record did not exist before the write */
  created: boolean;
  previous: string | null;
}
export interface SetResultOptions {
  /** A back-filled result (dashboard 'Update Previous Number'): stored with `silent: true`, never pushed. */
  silent?: boolean;
}
/** A published result whose push waits for the end of its undo window (set by the notify service). */
export interface PendingPush {
  game: string;
  number: string;
  /** Server-clock milliseconds at which the push goes out unless the number is undone. */
  sendAt: number;
}
/** A number the admin entered ahead of time (scheduled/{game}/{date}); the notify service publishes it at `at`. */
export interface ScheduledNumber {
  game: string;
  date: string;
  number: string;
  /** Milliseconds since the epoch at which it is published. */
  at: number;
  /**
   * Set by the notify service when it refused to publish the entry at its time, which it then
   * leaves for the admin (changed, it is tried again; cancelled, it is gone). 'no-draw': the day
   * is marked as having no draw (shared/domain/holidays.ts; the words: messages.ts noDrawRefused).
   */
  refused?: ScheduledRefusal;
}
/** Why the notify service did not publish a scheduled number (scheduled/{game}/{date}/refused). */
export type ScheduledRefusal = 'no-draw';
export const SCHEDULED_REFUSALS: readonly ScheduledRefusal[] = ['no-draw'];
export interface PushSubscriptionData {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
export interface AuditEntry {
  id: string;
  uid: string;
  email: string | null;
  at: number;
  path: string;
  old: string | null;
  new: string | null;
}

/** What the service's parts share: the database, the configuration and the clock. */
export interface DataContext {
  readonly db: Database;
  readonly config: RuntimeConfig;
  readonly timezone: string;
  now(): Date;
  readonly fetch: typeof fetch;
}

/** The admin commands' context: the service's, plus who is signed in for the audit entry. */
export interface AdminContext extends DataContext {
  currentUser(): Promise<{ uid: string; email: string | null } | null>;
}

/**
 * An audited write (adminCommands.ts `writeAudited`): `patch` in one update with its live paths
 * and an audit entry of `path`'s old and new value. A module of commands over it (a game's notice,
 * gameNoticeCommands.ts) is handed it and imports neither it nor adminCommands.ts.
 */
export type WriteAudited = (
  ctx: AdminContext,
  patch: Record<string, unknown>,
  path: string,
  previous: unknown,
  next: unknown,
) => Promise<void>;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** notifyState/undoWindowSec: seconds from publishing to pushing; absent = 30, 0 = at once. */
export const DEFAULT_UNDO_WINDOW_SEC = 30;
export const MAX_UNDO_WINDOW_SEC = 600;

/** One part of a large import: its rows, its place, and the replacements the admin confirmed. */
export interface ImportChunk {
  rows: readonly { game: string; date: string; number: string }[];
  /** 0-based place of this part, and how many parts the import has (for its audit entry). */
  index: number;
  of: number;
  /** `game/date` -> the published number the admin agreed to replace (the preview showed it). */
  replaces: Readonly<Record<string, string>>;
}

/** What a part did: rows written, and rows that already held their number (nothing written). */
export interface ImportChunkResult {
  written: number;
  unchanged: number;
}
