// Dashboard strings the specification leaves open (our wording). They belong beside the
// specification's strings in shared/domain/messages.ts once that file takes them.

import { formatDisplayDate } from '@satta/shared/domain/siteTime';

export const SIGNED_IN_AS = 'Signed in as';
export const SELECT_SATTANAME = 'Select Sattaname';
export const AD_INFO_UPDATED = 'Ad info updated successfully!';
export const CHANNEL_LINK_ERROR = 'The channel link must start with https://';

/** Asked before a published number is replaced by a different one; `date` is a date key, shown DD-MM-YYYY. */
export const confirmOverwrite = (game: string, date: string, existing: string, next: string): string =>
  `${game} already has ${existing} published for ${formatDisplayDate(date)}. Replace it with ${next}?`;

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
export const IMPORT_HELP =
  'Paste one result per line as date,game,number, the date day first (for example 31-01-2026,Gali,42; YYYY-MM-DD is read too). A header line is optional.';
export const CHECK_ROWS = 'Check rows';
export const importSummary = (valid: number, rejected: number, replacing = 0): string =>
  `${valid} row(s) ready to import, ${rejected} rejected.${replacing > 0 ? ` ${replacingText(replacing)}` : ''}`;
/** One row replaces a published number; several replace published numbers. */
const replacingText = (replacing: number): string =>
  replacing === 1 ? '1 of them replaces a published number.' : `${replacing} of them replace published numbers.`;
export const importReplaces = (old: string, next: string): string => `Replaces ${old} → ${next}`;
export const CHECKING_PUBLISHED = 'Checking the published numbers…';
export const publishedCheckFailed = (message: string): string =>
  `Could not check the published numbers (${message}). Nothing was imported; try Check rows again.`;
export const confirmImport = (n: number): string => `Confirm import of ${n} result(s)`;
export const IMPORT_NOTHING_VALID = 'There is no valid row to import.';
export const importDone = (n: number): string => `Imported ${n} result(s).`;
export const importFailed = (message: string): string => `Import failed: ${message}`;
export const IMPORT_EXPECTED_FIELDS = 'Expected 3 values: date,game,number';
export const IMPORT_BAD_DATE = 'Not a date: use DD-MM-YYYY, for example 31-01-2026';
export const importUnknownGame = (game: string): string => `Unknown game: ${game}`;
export const importDuplicate = (line: number): string => `Same game and date as line ${line}`;
export const IMPORT_GRID_NEEDS_GAME_YEAR =
  'A chart of months needs its game and year: put a line such as "Gali 2025" above it, or name the file like gali-2025-chart.csv.';
export const IMPORT_MONTH_NEEDS_YEAR =
  'A chart of days needs its year and month: put a line such as "2025-11" above it, or name the file like monthly-chart-2025-11.csv.';
export const IMPORT_NEEDS_GAME =
  'This file has dates and numbers but no game: name the file after the game (gali.csv) or add a header Date,Gali.';
export const IMPORT_FILE_LABEL = 'CSV file(s)';
export const IMPORT_FILE_HELP =
  "Or choose files: the site's chart downloads, one file per game or one for all games, a year's chart (days down, months across).";
export const importFilesChosen = (names: readonly string[], bytes: number): string =>
  `Chosen: ${names.join(', ')} (${bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`})`;
export const importCounts = (fresh: number, unchanged: number, replaced: number): string =>
  `नए ${fresh.toLocaleString('en-IN')} · वही ${unchanged.toLocaleString('en-IN')} · बदलेंगे ${replaced.toLocaleString('en-IN')} (New ${fresh.toLocaleString('en-IN')}, unchanged ${unchanged.toLocaleString('en-IN')}, replaced ${replaced.toLocaleString('en-IN')}).`;
export const importPreviewShown = (shown: number, total: number): string =>
  `Showing ${shown.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} lines: rejected and replacing rows first.`;
export const IMPORT_PROGRESS_LABEL = 'Import progress';
export const importProgress = (done: number, total: number): string =>
  `${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows imported`;
export const importInterrupted = (done: number, total: number): string =>
  `Connection lost: ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows are saved. Press Resume when the connection is back; nothing is written twice.`;
export const importStalled = (done: number, total: number): string =>
  `No answer from the server for 30 s: ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows are saved. Press Resume; rows already saved are skipped.`;
export const importStopped = (done: number, total: number, message: string): string =>
  `Import stopped after ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows: ${message} Press Resume to go on; rows already saved are skipped.`;
export const IMPORT_RESUME = 'Resume';
/** The end of the replace question when it names only the first replacements ('' when it names all). */
export const importMoreReplaced = (more: number): string => (more > 0 ? `\n… and ${more.toLocaleString('en-IN')} more.` : '');
export const importFinished = (written: number, unchanged: number, seconds: number): string =>
  `Imported ${written.toLocaleString('en-IN')} result(s)${unchanged > 0 ? `, ${unchanged.toLocaleString('en-IN')} already there` : ''} in ${seconds} s.`;
export const importChanged = (game: string, date: string, now: string): string =>
  `${game} ${formatDisplayDate(date)} now holds ${now}, which Check rows did not show. Nothing of this part was written: press Check rows again.`;
// Export of the whole history
export const EXPORT_TITLE = 'Export Results';
export const EXPORT_GAME_LABEL = 'Games to export';
export const EXPORT_ALL_GAMES = 'All games';
export const EXPORT_BUTTON = 'Export CSV';
export const exportReading = (game: string, n: number, of: number): string => `Reading ${game} (${n} of ${of})…`;
export const exportDone = (rows: number, file: string): string => `Exported ${rows.toLocaleString('en-IN')} result(s) to ${file}.`;
export const exportFailed = (message: string): string => `Export failed: ${message} Nothing was saved; try again.`;
export const EXPORT_HELP =
  'Writes date,game,number (DD-MM-YYYY), the layout Bulk Import reads back. Each game is read only when you export.';

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

// The dashboard's own connection to the database (the header, at all times)
export const CONNECTION_CHECKING = 'Connecting to the server…';
export const CONNECTION_ONLINE = 'Connected';
export const CONNECTION_OFFLINE = 'No connection: changes wait here until it returns';
export const unsentCount = (n: number): string => (n === 1 ? '1 change not confirmed yet' : `${n} changes not confirmed yet`);
export const confirmSignOutUnsent = (n: number): string =>
  `${n === 1 ? '1 change has' : `${n} changes have`} not reached the server yet. Sign out anyway? Changes not sent yet are then cancelled.`;

// A write the server has not acknowledged within a few seconds (hooks/pendingWrites.ts). `done`
// is what the write does once it arrives: 'published', 'saved', 'deleted'...
export const notSentNoConnection = (done: string): string => `No connection: not ${done} yet. It will be sent when the connection returns.`;
export const notSentBehindEarlier = (done: string): string =>
  `Not ${done} yet: the server has not confirmed an earlier change. It will be sent after that one.`;
export const SENT_NOT_CONFIRMED =
  'Sent, but the server has not confirmed it yet (the connection may be gone). It will be confirmed when the connection returns; it can no longer be cancelled.';
export const WRITE_CANCELLED = 'Cancelled: nothing was sent.';
export const PENDING_WRITES_TITLE = 'Pending changes';
export const CANCEL_WRITE = 'Cancel';
export const DISMISS_WRITE = 'OK';
export const pendingWaiting = (label: string, done: string): string => `${label}: not ${done} yet, waiting for the connection.`;
export const pendingBehind = (label: string, done: string): string => `${label}: not ${done} yet, waiting for an earlier change.`;
export const pendingSending = (label: string): string =>
  `${label}: sent, waiting for the server to confirm. It can no longer be cancelled.`;
export const pendingConfirmed = (label: string, done: string): string => `${label}: ${done}, confirmed by the server.`;
export const pendingFailed = (label: string, done: string, reason: string): string => `${label}: not ${done}. ${reason}`;
export const pendingCancelled = (label: string, done: string): string => `${label}: cancelled, not ${done}.`;
export const pendingSince = (time: string): string => `entered at ${time}`;
/** The queued publish found another number published when the connection returned. */
export const replacedMeanwhile = (game: string, date: string, existing: string, next: string): string =>
  `${game} already has ${existing} published for ${date}; ${next} was not written. Publish it again to replace ${existing}.`;

// What a write does once it arrives, in the texts above
export const DONE_PUBLISHED = 'published';
export const DONE_SAVED = 'saved';
export const DONE_DELETED = 'deleted';
export const DONE_SCHEDULED = 'scheduled';
export const DONE_DONE = 'done';

// Labels of the writes in the pending list
export const writeLabelResult = (game: string, dayMonth: string, number: string): string => `${game} ${dayMonth}: ${number}`;
export const writeLabelImport = (n: number): string => `Import of ${n} result(s)`;
export const writeLabelGameTime = (game: string, time: string): string => `${game} time: ${time}`;
export const WRITE_LABEL_MAIN_INFO = 'Main information';
export const WRITE_LABEL_AD_INFO = 'Ad info';
export const writeLabelKhaiwal = (name: string): string => `Khaiwal ${name}`;
export const WRITE_LABEL_SOME_KHAIWAL = 'A khaiwal';
export const writeLabelUndo = (game: string, dayMonth: string): string => `Undo of ${game} ${dayMonth}`;
export const writeLabelUndoWindow = (seconds: number): string => `Undo window: ${seconds} s`;
export const writeLabelSchedule = (game: string, dayMonth: string, number: string): string => `Scheduled ${game} ${dayMonth}: ${number}`;
export const writeLabelCancelSchedule = (game: string, dayMonth: string): string => `Cancelling the schedule of ${game} ${dayMonth}`;
/** `date` DD-MM-YYYY: a day without a draw may be in another year. */
export const writeLabelNoDrawDate = (game: string, date: string): string => `No draw for ${game} on ${date}`;
export const writeLabelNoDrawDateRemoved = (game: string, date: string): string => `Removing the no-draw mark of ${game} on ${date}`;
export const writeLabelNoDrawWeekday = (game: string, weekday: string): string => `No draw for ${game} every ${weekday}`;
export const writeLabelNoDrawWeekdayRemoved = (game: string, weekday: string): string =>
  `Removing ${game}'s weekly no-draw mark on ${weekday}s`;

// The day board: today's games in draw order, each with its state and a publish field
export const DAY_BOARD_TITLE = "Today's Games";
export const DAY_BOARD_LIST = "Today's games in draw order";
export const NEXT_GAME = 'Next';
export const PUBLISH = 'Publish';
export const NO_TIME = 'No time set';
export const STATE_WAITING = 'Waiting';
export const STATE_DUE = 'Due now';
export const stateScheduled = (number: string, time: string): string => `Scheduled: ${number} at ${time} IST`;
export const stateUndoWindow = (number: string, seconds: number): string => `Published: ${number}, undo window: push in ${seconds} s`;
export const statePublished = (number: string, time: string | null): string =>
  time === null ? `Published: ${number}` : `Published: ${number} at ${time} IST`;
export const stateCorrected = (was: string, number: string, time: string | null): string =>
  time === null ? `Corrected: ${was} → ${number}` : `Corrected: ${was} → ${number} at ${time} IST`;
export const numberFor = (game: string): string => `Number for ${game}`;
export const MORE_FORMS = 'More forms';
export const DAY_BOARD_EMPTY = 'No games yet.';
/** A game marked in Days without a draw, without a number: nothing to publish. */
export const STATE_NO_DRAW_TODAY = 'No draw today';
export const STATE_NO_DRAW_YESTERDAY = 'No draw yesterday';
export const NO_DRAW_BOARD_NOTE = 'Marked in Days without a draw. Remove the mark there to publish a number.';

// The audit trail in words: '{what}, by {who}, {when}'
export const SHOW_DATA = 'Show data';
export const auditSentence = (what: string, who: string, when: string): string => `${what}, by ${who}, ${when}`;
export const auditResultPublished = (result: string, number: string): string => `${result}: ${number} published`;
export const auditResultChanged = (result: string, from: string, to: string): string => `${result}: ${from} → ${to}`;
export const auditResultRemoved = (result: string, number: string): string => `${result}: ${number} removed`;
export const auditGameTime = (game: string, from: string | null, to: string): string =>
  from === null ? `${game} time set to ${to}` : `${game} time: ${from} → ${to}`;
export const auditMainInfo = (fields: readonly string[]): string =>
  fields.length === 0 ? 'Main information saved' : `Main information changed: ${fields.join(', ')}`;
export const auditAdInfo = (parts: readonly string[]): string => (parts.length === 0 ? 'Ad info saved' : `Ad info: ${parts.join('; ')}`);
export const auditAdsAdded = (labels: readonly string[]): string => `added ${labels.join(', ')}`;
export const auditAdsRemoved = (labels: readonly string[]): string => `removed ${labels.join(', ')}`;
export const auditAdsChanged = (labels: readonly string[]): string => `changed ${labels.join(', ')}`;
export const auditKhaiwalAdded = (name: string): string => `Khaiwal ${name} added`;
export const auditKhaiwalEdited = (name: string, was: string | null): string =>
  was === null || was === name ? `Khaiwal ${name} edited` : `Khaiwal ${name} edited (was ${was})`;
export const auditKhaiwalDeleted = (name: string): string => `Khaiwal ${name} deleted`;
export const auditImported = (n: number): string => (n === 1 ? '1 result imported' : `${n} results imported`);
/** A part of a large import: how many it wrote, which part, and the first and last of its rows. */
export const auditImportPart = (n: number, part: number, of: number, first: string, last: string): string =>
  `${auditImported(n)} (part ${part} of ${of}: ${first} … ${last})`;
const undoWindowWords = (seconds: number): string => (seconds === 0 ? 'off' : `${seconds} s`);
export const auditUndoWindow = (from: number | null, to: number): string =>
  from === null ? `Undo window set to ${undoWindowWords(to)}` : `Undo window: ${undoWindowWords(from)} → ${undoWindowWords(to)}`;
export const auditScheduled = (result: string, number: string, time: string): string => `${result}: ${number} scheduled for ${time} IST`;
export const auditScheduleChanged = (result: string, number: string, time: string): string =>
  `${result}: schedule changed to ${number} at ${time} IST`;
export const auditScheduleCancelled = (result: string, number: string | null): string =>
  number === null ? `${result}: schedule cancelled` : `${result}: scheduled ${number} cancelled`;
export const auditNoDrawDate = (game: string, date: string): string => `Marked ${game}: no draw on ${date}`;
export const auditNoDrawDateRemoved = (game: string, date: string): string => `Removed the no-draw mark of ${game} on ${date}`;
export const auditNoDrawWeekday = (game: string, weekday: string, from: string, was: string | null): string =>
  was === null || was === from
    ? `Marked ${game}: no draw every ${weekday} from ${from}`
    : `Marked ${game}: no draw every ${weekday} from ${from} (was from ${was})`;
export const auditNoDrawWeekdayRemoved = (game: string, weekday: string): string => `Removed ${game}'s weekly no-draw mark on ${weekday}s`;
export const auditOther = (path: string): string => `${path} changed`;
