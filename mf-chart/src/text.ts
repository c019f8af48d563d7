import { NO_DRAW, NO_DRAW_MEANING } from '@satta/shared/domain/messages';

// Wording of the chart page that the specification leaves open (our wording). The
// specification's own strings come from @satta/shared/domain/messages.

export const SEARCH_LABEL = 'Search sattaname';
export const YEAR_LABEL = 'Year';
export const MONTHLY_CHART_HEADING = (month: string): string => `Monthly Chart ${month}`;
export const MONTHLY_CHART_CAPTION = (month: string, part: number): string => `Monthly Chart ${month} (${part}/2)`;

// An empty year is not an error: the year has simply had no result yet (1 January, a new game).
export const emptyYearText = (game: string, year: number): string =>
  `${year} में ${game} का अभी कोई रिज़ल्ट नहीं आया है। (No ${game} results in ${year} yet.)`;
export const previousYearLink = (year: number): string => `${year} का चार्ट देखें (View the ${year} chart)`;

// The not-found page of a chart address (/chart/{game}/{year}) with no chart behind it.
export const CHART_NOT_FOUND_HEADING = 'यह चार्ट नहीं मिला (Chart not found)';
export const unknownGameText = (slug: string): string => `"${slug}" नाम का कोई सट्टानाम नहीं है। (There is no sattaname called "${slug}".)`;
export const unknownYearText = (game: string, year: number): string =>
  `${game} का ${year} का कोई चार्ट नहीं है। (There is no ${year} chart of ${game}.)`;
export const BAD_CHART_ADDRESS = 'इस पते पर कोई चार्ट नहीं है। (There is no chart at this address.)';
export const ALL_CHARTS_LINK = 'सभी चार्ट (All charts)';
export const GAMES_LIST_HEADING = 'सट्टानाम चुनें (Choose a sattaname)';

// Keeping a chart (issue 13, point 5): download as CSV or PNG, or share. Each button shows the
// Hindi; the English echo is shown on wider screens and always read by screen readers.
export const DOWNLOAD_GROUP_LABEL = 'चार्ट डाउनलोड या शेयर करें (Download or share the chart)';
export const DOWNLOAD_CSV = { hi: 'CSV डाउनलोड करें', en: 'Download CSV' } as const;
export const DOWNLOAD_PNG = { hi: 'PNG डाउनलोड करें', en: 'Download image' } as const;
export const SHARE_CHART = { hi: 'शेयर करें', en: 'Share' } as const;
export const LINK_COPIED = 'लिंक कॉपी हो गया (Link copied)';
export const SHARE_UNAVAILABLE = 'शेयर नहीं हो सका, पता कॉपी करें (Could not share; copy the address)';
export const DOWNLOAD_FAILED = 'डाउनलोड नहीं हो सका (Download failed)';

// Days without a draw (issue 29, point 3): a chart's cell of such a day shows NO_DRAW; its
// accessible name and the chart's legend say what it means.
export const NO_DRAW_CELL_LABEL = `${NO_DRAW} (${NO_DRAW_MEANING})`;
export const NO_DRAW_LEGEND = `${NO_DRAW} = ${NO_DRAW_MEANING}`;
