/** Minutes in one day; game times are minutes after midnight in 0..1439. */
export const MINUTES_PER_DAY = 24 * 60;

// The one reader of a time of day, for every time an admin types (game time, ad time, a
// khaiwal's custom timing, a scheduled publish time) and every time read back from the database.
// Admins have typed times by hand for years ('2:00pm', '02:00 AM', '12:20 P.M.', '6 pm'), so it
// accepts the spacing, case and dot variants and a whole hour without minutes, but it insists on
// a 12-hour clock with AM or PM, as the specification reads times: '21:05' or '9:05' alone is
// refused rather than guessed. What it reads is shown as formatGameTime prints it, '06:00 PM'.
const GAME_TIME = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i;

/**
 * Minutes after midnight of a 12-hour time ('12:20 PM' -> 740, '6 pm' -> 1080), or null when it
 * is not one.
 */
export function parseGameTime(text: string | undefined | null): number | null {
  if (typeof text !== 'string') return null;
  const match = GAME_TIME.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = match[3]?.toLowerCase() === 'p';
  // 12 AM is midnight and 12 PM is noon: the hour 12 counts as 0 before the meridiem is added.
  return (hour % 12) * 60 + minute + (pm ? 12 * 60 : 0);
}

/** 'HH:MM AM/PM' with a two-digit hour, the form stored in the database ('02:00 AM'). */
export function formatGameTime(minutes: number): string {
  if (!Number.isInteger(minutes)) throw new RangeError(`Not a whole number of minutes: ${minutes}`);
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour24 = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${pad2(hour12)}:${pad2(minute)} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** The canonical 'HH:MM AM/PM' spelling of what an admin typed, or null when it is not a time. */
export function normalizeTimeInput(text: string | undefined | null): string | null {
  const minutes = parseGameTime(text);
  return minutes === null ? null : formatGameTime(minutes);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
