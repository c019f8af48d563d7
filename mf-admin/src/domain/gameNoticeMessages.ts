// Texts of the dashboard's Game notice for today (widgets/GameNoticeForm.tsx), in the dashboard's English.
import { WAIT } from '@satta/shared/domain/messages';
import { NOTICE_MAX_LENGTH } from '@satta/shared/domain/gameNotice';

export const GAME_NOTICE_TITLE = 'Game notice for today';
export const GAME_NOTICE_INTRO = `A short line the site shows in the game's row instead of ${WAIT} until its number is published, for example रिजल्ट में देरी (result delayed). It ends by itself at midnight.`;
export const NOTICE_LABEL = 'Notice';
export const NOTICE_PLACEHOLDER = 'रिजल्ट में देरी';
/** The hint under the field: how much of the room is used. */
export const noticeCount = (length: number): string => `${length} of ${NOTICE_MAX_LENGTH} characters. Hindi is welcome.`;
export const SAVE_NOTICE = 'Save notice';
export const TODAYS_NOTICES = "Today's notices";
export const NO_NOTICES = 'No notices today.';
/** The rest of a Remove button's name, for a screen reader: 'Remove the notice of Gali'. */
export const removeNoticeName = (game: string): string => ` the notice of ${game}`;

// What the admin is told, each naming the game
export const noticeSaved = (game: string): string => `${game}: the notice is on the site for today.`;
export const noticeRemoved = (game: string): string => `${game}: the notice is removed.`;
export const noticeUnchanged = (game: string): string => `${game} already has this notice.`;

// The audit trail's words for them (auditFormat.ts)
export const auditNotice = (game: string, date: string, text: string): string => `Notice for ${game} on ${date}: ${text}`;
export const auditNoticeRemoved = (game: string, date: string): string => `Removed the notice of ${game} on ${date}`;

// The pending-writes list's words for these writes
export const writeLabelNotice = (game: string): string => `Notice for ${game}`;
export const writeLabelNoticeRemoved = (game: string): string => `Notice for ${game} removed`;
