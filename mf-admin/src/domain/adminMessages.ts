// Dashboard strings the specification leaves open (our wording). They belong beside the
// specification's strings in shared/domain/messages.ts once that file takes them.

export const SIGNED_IN_AS = 'Signed in as';
export const SELECT_SATTANAME = 'Select Sattaname';
export const AD_INFO_UPDATED = 'Ad info updated successfully!';
export const CHANNEL_LINK_ERROR = 'The channel link must start with https://';

/** Asked before a published number is replaced by a different one. */
export const confirmOverwrite = (game: string, date: string, existing: string, next: string): string =>
  `${game} already has ${existing} published for ${date}. Replace it with ${next}?`;

// Khaiwal form
export const ADD_KHAIWAL = 'Add Khaiwal';
export const UPDATE_KHAIWAL = 'Update Khaiwal';
export const CANCEL_EDIT = 'Cancel';
export const ADD_TIMING = 'Add timing';
export const NO_KHAIWALS = 'No khaiwals yet.';

// Audit trail
export const AUDIT_TITLE = 'Audit Trail';
export const AUDIT_EMPTY = 'No changes recorded yet.';
export const AUDIT_LOAD_ERROR = 'Could not load the audit trail.';
export const SHOW_MORE = 'Show more';

// Bulk import
export const IMPORT_TITLE = 'Bulk Import Results';
export const IMPORT_HELP = 'Paste one result per line as date,game,number (for example 2026-01-31,Gali,42). A header line is optional.';
export const CHECK_ROWS = 'Check rows';
export const importSummary = (valid: number, rejected: number, replacing = 0): string =>
  `${valid} row(s) ready to import, ${rejected} rejected.${replacing > 0 ? ` ${replacing} of them replace a published number.` : ''}`;
export const importReplaces = (old: string, next: string): string => `Replaces ${old} → ${next}`;
export const CHECKING_PUBLISHED = 'Checking the published numbers…';
export const publishedCheckFailed = (message: string): string =>
  `Could not check the published numbers (${message}). Nothing was imported; try Check rows again.`;
export const confirmImport = (n: number): string => `Confirm import of ${n} result(s)`;
export const IMPORT_NOTHING_VALID = 'There is no valid row to import.';
export const importDone = (n: number): string => `Imported ${n} result(s).`;
export const importFailed = (message: string): string => `Import failed: ${message}`;
export const IMPORT_EXPECTED_FIELDS = 'Expected 3 values: date,game,number';
export const IMPORT_BAD_DATE = 'Not a date: use YYYY-MM-DD';
export const importUnknownGame = (game: string): string => `Unknown game: ${game}`;
export const importDuplicate = (line: number): string => `Same game and date as line ${line}`;

// Ad info
export const AD_LABEL_DUPLICATE = (label: string): string => `The ad label "${label}" is used twice.`;
export const ADD_AD = 'Add ad';
export const NO_ADS = 'No ads yet.';

// A sign-in the notify service no longer accepts (revoked by a password change elsewhere)
export const SESSION_ENDED = 'Your sign-in has expired. Sign in again to send a test notification.';
export const SIGN_IN_AGAIN = 'Sign In Again';

// Update Number: the day a result is filed under
export const todayOption = (displayDate: string): string => `Today, ${displayDate}`;
export const yesterdayOption = (displayDate: string): string => `Yesterday, ${displayDate}`;
export const drawnYesterdayNote = (game: string, time: string, cutoff: string, displayDate: string): string =>
  `${game} is drawn at ${time}, so until ${cutoff} its result goes under the day of the draw: yesterday, ${displayDate}.`;

// What a failed service call means for the admin, instead of the service's code
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';
export const NO_CONNECTION = 'No connection to the server; try again.';
export const NOT_ALLOWED = 'You are not allowed to make this change; sign in again as the admin.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts; wait a few minutes and try again.';
export const WEAK_PASSWORD = 'The new password is too weak: use at least 6 characters.';
export const RECENT_SIGN_IN_NEEDED = 'For this change, sign out, sign in again and repeat it.';
export const unexpectedError = (code: string): string => `The server refused the change (${code}); try again.`;
// The data service's refusals (its codes, shared/data/errors.ts) that the forms' own checks
// normally catch first
export const NOT_SIGNED_IN = 'Not signed in.';
export const GAME_TIME_REFUSED = 'Time must look like HH:MM AM/PM.';
export const UNDO_WINDOW_REFUSED = 'The undo window must be a whole number of seconds from 0 to 600.';

// Update Previous Number: a date typed day first, whatever the browser's language
export const DATE_FORMAT_HINT = 'Day-month-year, for example 02-11-2026.';
export const DATE_FORMAT_ERROR = 'Enter the date as DD-MM-YYYY, for example 02-11-2026.';

// The undo window of a publish: pushes wait until it ends, and Undo takes the number back
export const PENDING_PUSHES_LABEL = 'Notifications waiting to go out';
export const pushIn = (game: string, number: string, seconds: number): string => `${game} ${number}: push in ${seconds} s`;
export const UNDO = 'Undo';
export const undoneRemoved = (game: string, number: string): string => `${game} ${number} undone: removed, no notification was sent.`;
export const undoneRestored = (game: string, number: string, restored: string): string =>
  `${game} ${number} undone: back to ${restored}, no notification was sent.`;
export const undoFailed = (message: string): string => `Undo failed: ${message}`;
export const UNDO_WINDOW_TITLE = 'Undo Window';
export const UNDO_WINDOW_LABEL = 'Seconds before a published number is pushed (0 = at once)';
export const UNDO_WINDOW_ERROR = 'Enter a whole number of seconds from 0 to 600.';
export const SAVE_UNDO_WINDOW = 'Save Undo Window';
export const undoWindowSaved = (seconds: number): string =>
  seconds === 0 ? 'Undo window off: notifications go out as soon as a number is published.' : `Undo window set to ${seconds} s.`;
