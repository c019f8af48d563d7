/**
 * A refusal of the data service, with a code for the page to word it (mf-admin's errorText);
 * the message is for logs and developers. Codes start with 'data/', like the SDKs' 'auth/...'.
 */
export class DataError extends Error {
  override readonly name = 'DataError';

  constructor(
    readonly code: DataErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type DataErrorCode =
  | 'data/invalid-number'
  | 'data/invalid-date'
  | 'data/invalid-time'
  | 'data/invalid-row'
  | 'data/invalid-undo-window'
  | 'data/not-signed-in'
  | 'data/no-id'
  | 'data/no-notify-service'
  | 'data/notify-refused'
  /** A first number for a day marked as having no draw (shared/domain/holidays.ts). */
  | 'data/no-draw'
  /** A no-draw mark for a day that already has a number. */
  | 'data/no-draw-has-number'
  /** A part of an import would replace a number published since its preview (ImportChangedError). */
  | 'data/import-changed'
  /** A game's notice that is empty or too long (shared/domain/gameNotice.ts noticeProblem). */
  | 'data/invalid-notice';

/** A row of an import whose stored number changed since the preview: the part is not written. */
export class ImportChangedError extends DataError {
  constructor(
    readonly game: string,
    readonly date: string,
    readonly now: string,
  ) {
    super('data/import-changed', `${game}/${date} holds ${now}, not confirmed for replacement`);
  }
}

/**
 * The admin's sign-in no longer holds: the notify service refused the ID token even after a
 * fresh one was fetched (revoked by a password change or reset elsewhere, or the account is
 * gone). The page answers with a sign-in prompt rather than a generic failure.
 */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
}

/** How long a call to the notify service may take before the page gives up on it. */
export const NOTIFY_CALL_TIMEOUT_MS = 30_000;
