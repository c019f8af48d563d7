import { HOLIDAYS_ROOT, holidayPaths } from '../domain/holidays.ts';
import { GAME_NOTICES_ROOT, gameNoticePaths } from '../domain/gameNotice.ts';

/**
 * Every database path the data service reads or writes, in one place. The names are the stored
 * ones of the specification, misspellings included: renaming a node would orphan the live data.
 */

/** The results: `sattanamee/{game}/{dateKey}` and `sattanamee/{game}/time`. */
export const RESULTS_ROOT = 'sattanamee';
/** Days without a draw (shared/domain/holidays.ts): public, admin-written, audited. */
export const HOLIDAYS = HOLIDAYS_ROOT;
/** The site's contact and banner texts. 'mian' is the specification's spelling of 'main'. */
export const MAIN_INFO = 'mian';
/** A game's notice of the day (shared/domain/gameNotice.ts): public, admin-written, audited. */
export const GAME_NOTICES = GAME_NOTICES_ROOT;
export const AD_INFO = 'adinfo';
export const KHAIWALS = 'khaiwals';
export const AUDIT = 'audit';
/** The public log of changed published numbers. */
export const CORRECTIONS = 'corrections';
/** The notify service's own state; the admin reads it and sets the undo window. */
export const NOTIFY_STATE = 'notifyState';
/** Numbers the admin scheduled ahead of time; admin only, published by the notify service. */
export const SCHEDULED = 'scheduled';
/** Push subscriptions, written by the notify service only (see notifyClient.ts). */
export const WEB_PUSH_SUBSCRIPTIONS = 'webPushSubscriptions';
/** The SDK's own node: true while the page is connected. */
export const CONNECTED = '.info/connected';

export const paths = {
  game: (game: string) => `${RESULTS_ROOT}/${game}`,
  result: (game: string, dateKey: string) => `${RESULTS_ROOT}/${game}/${dateKey}`,
  resultNumber: (game: string, dateKey: string) => `${RESULTS_ROOT}/${game}/${dateKey}/number`,
  gameTime: (game: string) => `${RESULTS_ROOT}/${game}/time`,
  mainInfoField: (field: string) => `${MAIN_INFO}/${field}`,
  khaiwal: (id: string) => `${KHAIWALS}/${id}`,
  auditEntry: (id: string) => `${AUDIT}/${id}`,
  correction: (id: string) => `${CORRECTIONS}/${id}`,
  /** Results of `dateKey` waiting for their push, by game. */
  pendingPushes: (dateKey: string) => `${NOTIFY_STATE}/pending/${dateKey}`,
  undoWindowSec: `${NOTIFY_STATE}/undoWindowSec`,
  scheduled: (game: string, dateKey: string) => `${SCHEDULED}/${game}/${dateKey}`,
  subscription: (id: string) => `${WEB_PUSH_SUBSCRIPTIONS}/${id}`,
  holidayGame: holidayPaths.game,
  holidayDate: holidayPaths.date,
  holidayWeekday: holidayPaths.weekday,
  gameNotices: gameNoticePaths.day,
  gameNotice: gameNoticePaths.entry,
} as const;
