// English names are spelled out here rather than taken from Intl so that the clock and the chart
// headings read the same on every browser, whatever locale data it ships.

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Index 0 is Sunday, as Date#getUTCDay counts. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
