import type { DataErrorCode } from '@satta/shared/data';
import { NUMBER_FORMAT_ERROR } from '@satta/shared/domain/messages';
import {
  CURRENT_PASSWORD_WRONG,
  GAME_TIME_REFUSED,
  NOT_SIGNED_IN,
  UNDO_WINDOW_REFUSED,
  NO_CONNECTION,
  NOT_ALLOWED,
  RECENT_SIGN_IN_NEEDED,
  TOO_MANY_ATTEMPTS,
  WEAK_PASSWORD,
  unexpectedError,
} from './adminMessages.ts';

// Codes of the Auth and Realtime Database SDKs, and what the admin should do about each. Only
// the password form re-authenticates, so a refused credential means its current password.
const BY_CODE: Readonly<Record<string, string>> = {
  'auth/wrong-password': CURRENT_PASSWORD_WRONG,
  'auth/invalid-credential': CURRENT_PASSWORD_WRONG,
  'auth/invalid-login-credentials': CURRENT_PASSWORD_WRONG,
  'auth/network-request-failed': NO_CONNECTION,
  'auth/too-many-requests': TOO_MANY_ATTEMPTS,
  'auth/weak-password': WEAK_PASSWORD,
  'auth/requires-recent-login': RECENT_SIGN_IN_NEEDED,
  'auth/user-token-expired': NOT_ALLOWED,
  'auth/user-disabled': NOT_ALLOWED,
  'auth/user-not-found': NOT_ALLOWED,
  PERMISSION_DENIED: NOT_ALLOWED,
  UNAVAILABLE: NO_CONNECTION,
  NETWORK_ERROR: NO_CONNECTION,
};

// The data service's own refusals. Those naming a value (a date, an import row) are not
// listed: their message carries the value and is shown as it is.
const BY_DATA_CODE: Readonly<Partial<Record<DataErrorCode, string>>> = {
  'data/invalid-number': NUMBER_FORMAT_ERROR,
  'data/invalid-time': GAME_TIME_REFUSED,
  'data/invalid-undo-window': UNDO_WINDOW_REFUSED,
  'data/not-signed-in': NOT_SIGNED_IN,
};

// Refusals whose message is written for the admin and must be shown whole: a day without a
// draw names the game and the date and says what to do ('Gali has no draw on 26-11-2026: the
// day is marked in Days without a draw. Remove the mark first to publish a number.'; 'Gali
// already has 42 on 26-11-2026, so the day cannot be marked as having no draw. Undo or correct
// the number first.'). Every number form (Update Number, the day board, Update Previous Number,
// Bulk Import, Publish Later) shows it through here.
const SHOWN_WHOLE: ReadonlySet<DataErrorCode> = new Set<DataErrorCode>(['data/no-draw', 'data/no-draw-has-number']);

/** The SDK's code of an error: its `code`, else the one its message carries ('… (auth/x).', 'PERMISSION_DENIED: …'). */
function codeOf(error: Error): string | null {
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code.startsWith('auth/') ? code : code.toUpperCase();
  const auth = /\((auth\/[\w-]+)\)/.exec(error.message);
  if (auth?.[1]) return auth[1];
  const database = /^([A-Z][A-Z_]+)(?::|$)/.exec(error.message);
  return database?.[1] ?? null;
}

/**
 * What a failed service call means, in words the admin can act on: 'PERMISSION_DENIED:
 * Permission denied' becomes 'You are not allowed to make this change; sign in again as the
 * admin.' The data service's refusals are worded by their code, or show their message when
 * it names the refused value (an invalid date).
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : String(error);
  // The SDK's words when a read is asked for without a connection; fetch's when the host is unreachable.
  if (error.message === 'Client is offline.' || error instanceof TypeError) return NO_CONNECTION;
  const own = (error as Error & { code?: unknown }).code;
  if (typeof own === 'string' && own.startsWith('data/')) {
    const code = own as DataErrorCode;
    return SHOWN_WHOLE.has(code) ? error.message : (BY_DATA_CODE[code] ?? error.message);
  }
  const code = codeOf(error);
  if (code === null) return error.message;
  return BY_CODE[code] ?? unexpectedError(code);
}
