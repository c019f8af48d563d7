// Every user-facing string of the specification, spelled exactly as it specifies, plus the few
// the specification leaves open (marked "our wording"). Components import these instead of
// repeating literals, so a test here guards the contract. docs/product.md says where each appears.

import { DEFAULT_TIMEZONE, formatDisplayDate, pad2, siteNow } from './siteTime.ts';

// Result states (docs/product.md, Home and Chart page)
export const YESTERDAY_HEADING = 'कल आया था';
export const TODAY_HEADING = 'आज का रिज़ल्ट';
export const WAIT = 'Wait...';
export const LOADING = 'Loading...';
export const MISSING_NUMBER = '--';
export const MISSING_CHART_CELL = '-';
export const MISSING_TIME = 'N/A';
/** Today's cell of a game marked as having no draw today (issue 29, point 3). */
export const NO_DRAW_TODAY = 'आज अवकाश (No draw today)';
/** A past day, or a chart's cell, of a game that had no draw that day. */
export const NO_DRAW = 'अवकाश';
/** What NO_DRAW means, for a chart's legend and a cell's accessible name. */
export const NO_DRAW_MEANING = 'No draw';
/** A number refused for a day marked as having no draw (the dashboard and the scheduled publisher). */
export const noDrawRefused = (game: string, date: string): string =>
  `${game} has no draw on ${date}: the day is marked in Days without a draw. Remove the mark first to publish a number.`;

// Navigation (docs/product.md, Page frame)
export const NAV_HOME = 'Home';
export const NAV_CHART = 'Chart';
export const NAV_CONTACT = 'Contact';
export const NAV_SIGN_IN = 'Sign In';
export const SIGN_IN_BUTTON = 'Sign In';
export const SIGN_OUT_BUTTON = 'Sign Out';

// Notification prompt (docs/product.md, Push notifications)
export const NOTIFY_QUESTION = 'क्या आप सभी अपडेट और रिज़ल्ट सीधे अपने डिवाइस पर पाना चाहते हैं?';
export const NOTIFY_YES = 'हाँ, मुझे सूचित करें';
export const NOTIFY_NO = 'नहीं, फिर कभी';

// Chart page (docs/product.md, Chart page)
export const chartHeader = (year: number | string): string => `Satta King Chart ${year}`;
export const CHART_SUBTITLE = 'Live results and historical data';
export const CHART_INTRO_HI =
  'सट्टा किंग चार्ट में हर सट्टानाम के पुराने रिज़ल्ट दिन और महीने के हिसाब से दिखाए जाते हैं। ' +
  'नीचे दी गई सूची से कोई भी सट्टानाम चुनें और उसका पूरे साल का चार्ट देखें। ' +
  'यह जानकारी केवल जानकारी और रिकॉर्ड के लिए है।';
export const SEARCH_PLACEHOLDER = 'Search sattaname...';
export const SELECT_SATTANAME_HEADING = 'Select Sattaname to View Chart';
export const sattanamesFound = (n: number): string => `${n} sattaname(s) found`;
export const NO_SATTANAMES_FOUND = 'No sattanames found matching your search';
export const LOADING_DATA = 'Loading data...';
export const chartTitle = (game: string, year: number | string): string => `${game} - Yearly Chart ${year}`;
export const CHART_DATE_COLUMN = 'Date';
export const dataAsOf = (date: string): string => `Data as of ${date}`;
export const NO_DATA = 'No data available';
export const FAILED_TO_PROCESS = 'Failed to process data';
export const FAILED_TO_LOAD = 'Failed to load data from server';
export const TRY_AGAIN = 'Try Again';
/** Our wording: the close button's accessible label. */
export const CLOSE = 'Close';

// Lucky number page and slot machine (docs/product.md, Lucky number page)
export const GENERATE_LUCKY_NUMBERS = 'Generate Lucky Numbers';
export const LUCKY_NUMBERS_TITLE = 'Lucky Numbers';
export const LUCKY_NAME_LABEL = 'Name';
export const LUCKY_DOB_LABEL = 'Date of Birth';
export const SPIN = 'Spin';
export const SPINNING = 'Spinning...';

// Dashboard (docs/product.md, Dashboard)
export const FIRST_LOG_IN = 'First, Log In';
/** Our wording: the specification shows a welcome heading without its text. */
export const WELCOME_ADMIN = 'Welcome, Admin';
export const FORM_UPDATE_NUMBER = 'Update Number';
export const FORM_UPDATE_PASSWORD = 'Update Password';
export const FORM_TEST_NOTIFICATION = 'Send Test Notification';
export const FORM_PREVIOUS_NUMBER = 'Update Previous Number';
export const FORM_MAIN_INFO = 'Update Main Information';
export const FORM_SATTANAME_INFO = 'Sattaname Information';
export const FORM_AD_INFO = 'Update Ad Info';
export const FORM_KHAIWALS = 'Khaiwal Management';
export const UPDATING = 'Updating...';
export const SAVING = 'Saving...';
export const SENDING = 'Sending...';
export const TIME_PLACEHOLDER = 'HH:MM AM/PM';
export const CONFIRM_DELETE_KHAIWAL = 'Are you sure you want to delete this khaiwal?';

// Errors (docs/product.md, Dashboard and Sign-in)
export const INCORRECT_PASSWORD = 'Incorrect password. Please try again.';
export const errorSavingKhaiwal = (message: string): string => `Error saving khaiwal data: ${message}`;
export const ERROR_DELETING_KHAIWAL = 'Error deleting khaiwal';
export const ERROR_FETCHING_KHAIWALS = 'Error fetching khaiwals data';
export const errorUpdatingTime = (message: string): string => `Error updating time: ${message}`;
export const TEST_NOTIFICATION_FAILED = 'Failed to send test notification.';
export const PLEASE_SELECT_SATTANAME = 'Please select a Sattaname.';
export const FILL_REQUIRED_FIELDS = 'Please fill in all required fields';

// Validation errors the specification leaves open (our wording)
export const NUMBER_FORMAT_ERROR = 'Number must be two digits from 00 to 99.';
export const PLEASE_SELECT_DATE = 'Please select a date.';
/** Every typed date is read day first (siteTime.ts, parseDisplayDate), whatever the browser's language. */
export const DATE_FORMAT_HINT = 'Day-month-year, for example 02-11-2026.';
export const DATE_FORMAT_ERROR = 'Enter the date as DD-MM-YYYY, for example 02-11-2026.';
export const INVALID_SATTANAME = 'A Sattaname must not contain . $ # [ ] /';
export const FUTURE_DATE_ERROR = 'The date cannot be in the future.';
export const MAIN_INFO_REQUIRED = 'Please enter both a name and a phone number.';
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';
export const NEW_PASSWORD_REQUIRED = 'Please enter a new password.';
export const NEW_PASSWORD_BLANK = 'The new password cannot be only spaces.';
export const newPasswordLength = (length: number, min: number, max: number): string =>
  `The new password must be ${min} to ${max} characters long (it has ${length}).`;
export const phoneFormatError = (field: string): string =>
  `${field} must be a phone number: digits, with an optional + at the start and spaces, 6 to 15 digits (for example +91 98765 43210).`;
export const TIME_REQUIRED = 'Please enter a time.';
export const TIME_FORMAT_ERROR = 'Time must be in HH:MM AM/PM format, for example 02:00 PM.';
export const SITE_URL_ERROR = 'Website must be a valid http:// or https:// address.';
export const WA_NUMBER_ERROR = 'WhatsApp number must contain digits.';
export const TIMING_GAME_REQUIRED = 'Each custom timing needs a game name.';
export const timingFormatError = (game: string): string => `Custom timing for ${game} must be in HH:MM AM/PM format.`;
export const AD_LABEL_ERROR = 'Ad labels must not be empty or contain . $ # [ ] /';
export const adEntryIncomplete = (label: string): string => `Ad "${label}" needs a name and a time.`;
export const adTimeFormatError = (label: string): string => `Ad "${label}" time must be in HH:MM AM/PM format, for example 02:00 PM.`;
export const EMAIL_ERROR = 'Enter an email like name@example.com (no spaces, ? & # / or :), or leave it empty.';
export const tooLongError = (field: string, length: number, max: number): string =>
  `${field} is too long: ${length} characters, at most ${max}.`;

// Success messages (docs/product.md, Dashboard)
export const MAIN_INFO_UPDATED = 'Main information updated successfully!';
export const TIME_UPDATED = 'Time updated successfully';
// {date} is a date key ('2026-11-20'); the admin reads it as every date is shown, '20-11-2026'.
export const numberUpdatedFor = (date: string): string => `Number updated successfully for ${formatDisplayDate(date)}!`;
export const newDataCreatedFor = (date: string): string => `New data created for ${formatDisplayDate(date)} with the updated number!`;
export const NUMBER_UPDATED_TODAY = 'Number updated successfully for today!';
export const NEW_OBJECT_CREATED_TODAY = 'New object created for today with updated number!';
export const PASSWORD_UPDATED = 'Password updated successfully!';
export const KHAIWAL_ADDED = 'Khaiwal added successfully!';
export const KHAIWAL_UPDATED = 'Khaiwal updated successfully!';
export const KHAIWAL_DELETED = 'Khaiwal deleted successfully!';

/**
 * Our wording: a dashboard message with the game it is about appended, so an admin who saved one
 * of seventeen rows reads which one ('Time updated successfully — Gali'); the specification's
 * text stays whole in front.
 */
export const forGame = (message: string, game: string): string => `${message} — ${game}`;

// Console lines of the push subscription (docs/product.md, Push notifications)
export const SUBSCRIPTION_SAVED_LOG = 'Subscription saved to Firebase.';
export const SUBSCRIPTION_EXISTS_LOG = 'Subscription already exists in Firebase.';

// Disclaimer on every page: informational, may be illegal, own risk, 18+
// (docs/architecture.md, Deliberate changes)
export const DISCLAIMER_TITLE_HI = 'अस्वीकरण';
export const DISCLAIMER_TITLE_EN = 'Disclaimer';
export const DISCLAIMER_HI =
  'यह वेबसाइट केवल जानकारी के लिए है और पूरी तरह गैर-व्यावसायिक है। हम किसी भी प्रकार के सट्टे या जुए को बढ़ावा नहीं देते। ' +
  'आपके क्षेत्र में सट्टा या जुआ गैर-कानूनी हो सकता है, इसलिए अपने स्थानीय कानून की जाँच करें। ' +
  'इस साइट को देखना और इसकी जानकारी का उपयोग करना पूरी तरह आपके अपने जोखिम पर है। ' +
  'यह साइट केवल 18 वर्ष या उससे अधिक आयु के लोगों के लिए है।';
export const DISCLAIMER_EN =
  'This website is for information only and is entirely non-commercial. We do not promote betting or gambling of any kind. ' +
  'Gambling may be illegal where you live, so check your local laws. ' +
  'Viewing this site and using its information is entirely at your own risk. ' +
  'This site is for people aged 18 or over only.';
export const DISCLAIMER = {
  hi: { title: DISCLAIMER_TITLE_HI, text: DISCLAIMER_HI },
  en: { title: DISCLAIMER_TITLE_EN, text: DISCLAIMER_EN },
} as const;

/** Marks data painted from the browser cache until the live answer replaces it. */
export const STALE_BADGE = 'पुराना डेटा / cached';
export const STALE_BADGE_TITLE = 'Saved results from your last visit; live results are on the way.';

/**
 * The badge with the time its data is from, in the site's time zone: 'पुराना डेटा / cached ·
 * 23-11 14:05' (day-month, 24-hour clock), so an offline or database-less visit says how old
 * the numbers are.
 */
export function staleBadgeText(at: number | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (at === undefined || !Number.isFinite(at)) return STALE_BADGE;
  // siteNow's formatter is built once per zone: a new DateTimeFormat costs a phone some 20 ms.
  const { day, month, hour, minute } = siteNow(new Date(at), timeZone);
  return `${STALE_BADGE} · ${pad2(day)}-${pad2(month)} ${pad2(hour)}:${pad2(minute)}`;
}

/**
 * Our wording: the site's name at the top of a downloaded chart image (issue 13, point 5),
 * Hindi first with the English echo, as the page frame names the site.
 */
export const CHART_IMAGE_SITE = 'सट्टा किंग रिज़ल्ट · Satta King Result';
