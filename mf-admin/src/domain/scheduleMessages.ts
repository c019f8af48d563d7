// Texts of the dashboard's scheduled publishing (Update Number panel), in the dashboard's English.
export const PUBLISH_LATER = 'Publish Later';
export const WHEN = 'When';
export const AT_GAME_TIME = "At the game's time";
export const AT_CHOSEN_TIME = 'At a chosen time';
export const TIME_IST = 'Time (IST)';
export const SCHEDULE = 'Schedule';
export const SCHEDULED_LABEL = 'Scheduled';
export const CHANGE = 'Change';
export const CANCEL_SCHEDULE = 'Cancel';
export const scheduledLine = (game: string, number: string, time: string): string => `${game} ${number} at ${time} IST`;
/** A scheduled number the notify service did not publish: its day was marked as having no draw at its time. */
export const REFUSED_NO_DRAW =
  'Not published: the day was marked as having no draw at its time. Remove the mark and schedule it again, or cancel it.';
export const scheduledMessage = (game: string, number: string, time: string): string => `Scheduled: ${game} ${number} at ${time} IST.`;
export const scheduleChanged = (game: string, number: string, time: string): string =>
  `Schedule changed: ${game} ${number} at ${time} IST.`;
export const scheduleCancelled = (game: string, number: string): string => `Schedule cancelled: ${game} ${number} will not be published.`;
export const scheduleFailed = (reason: string): string => `Scheduling failed: ${reason}`;
export const editingNote = (game: string): string =>
  `Changing the scheduled number of ${game}: enter the new number or time and press Schedule.`;
