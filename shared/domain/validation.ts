import { DEFAULT_RATES, safeUrl, type KhaiwalRates, type KhaiwalRecord } from './agents.ts';
import {
  AD_LABEL_ERROR,
  CURRENT_PASSWORD_REQUIRED,
  DATE_FORMAT_ERROR,
  FILL_REQUIRED_FIELDS,
  FUTURE_DATE_ERROR,
  INVALID_SATTANAME,
  MAIN_INFO_REQUIRED,
  NEW_PASSWORD_BLANK,
  NEW_PASSWORD_REQUIRED,
  NUMBER_FORMAT_ERROR,
  PLEASE_SELECT_DATE,
  PLEASE_SELECT_SATTANAME,
  SITE_URL_ERROR,
  TIME_FORMAT_ERROR,
  TIME_REQUIRED,
  TIMING_GAME_REQUIRED,
  WA_NUMBER_ERROR,
  adEntryIncomplete,
  adTimeFormatError,
  newPasswordLength,
  phoneFormatError,
  timingFormatError,
  tooLongError,
} from './messages.ts';
import { isPhoneNumber } from './phone.ts';
import { MAX_LENGTH } from './limits.ts';
import { parseDisplayDate } from './siteTime.ts';
import { normalizeTimeInput } from './time.ts';

export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Validation<T> => ({ ok: true, value });
const fail = <T>(error: string): Validation<T> => ({ ok: false, error });

/** Text of a form field; a missing field is an empty one. */
function field(v: string | number | null | undefined): string {
  return v === null || v === undefined ? '' : String(v).trim();
}

/**
 * Whether a name can be one segment of a database path. A game or ad label with '/' in it would
 * otherwise write somewhere else than the admin meant.
 */
export function isDatabaseKey(s: string): boolean {
  return s.length > 0 && utf8.encode(s).length <= 768 && !/[.$#[\]/\u0000-\u001F\u007F]/.test(s);
}

const utf8 = new TextEncoder();

/**
 * The first field longer than the database rules accept, as a message naming it, or null; the
 * server would refuse the whole write with a bare 'Permission denied'.
 */
export function tooLong(fields: readonly (readonly [label: string, value: string, max: number])[]): string | null {
  for (const [label, value, max] of fields) {
    if (value.length > max) return tooLongError(label, value.length, max);
  }
  return null;
}

function checkGame(game: string | null | undefined): Validation<string> {
  const name = field(game);
  if (name === '') return fail(PLEASE_SELECT_SATTANAME);
  return isDatabaseKey(name) ? ok(name) : fail(INVALID_SATTANAME);
}

/**
 * What the admin typed must already be the two digits that will be published: '7' or '123' is
 * refused rather than padded or cut, since either could be a slip of the finger ('70', '12').
 */
function checkNumber(number: string | null | undefined): Validation<string> {
  const value = field(number);
  return TWO_DIGITS.test(value) ? ok(value) : fail(NUMBER_FORMAT_ERROR);
}

const TWO_DIGITS = /^\d{2}$/;

export interface NumberForm {
  game: string | null | undefined;
  number: string | null | undefined;
}

/** Update Number: today's result of one game. */
export function validateTodayNumber(form: NumberForm): Validation<{ game: string; number: string }> {
  const game = checkGame(form.game);
  if (!game.ok) return game;
  const number = checkNumber(form.number);
  if (!number.ok) return number;
  return ok({ game: game.value, number: number.value });
}

/**
 * Update Previous Number: a date typed day first ('20-11-2026', read by parseDisplayDate, as
 * every typed date is), any day up to today (todayKey, in the site's zone). The value is the
 * date key the result is stored under.
 */
export function validatePreviousNumber(
  form: NumberForm & { date: string | null | undefined },
  todayKey: string,
): Validation<{ date: string; game: string; number: string }> {
  const typed = field(form.date);
  if (typed === '') return fail(PLEASE_SELECT_DATE);
  const date = parseDisplayDate(typed);
  if (date === null) return fail(DATE_FORMAT_ERROR);
  // Keys are fixed-width, so text order is date order.
  if (date > todayKey) return fail(FUTURE_DATE_ERROR);
  const rest = validateTodayNumber(form);
  if (!rest.ok) return rest;
  return ok({ date, ...rest.value });
}

/** Update Main Information (the `mian` record). */
export function validateMainInfo(form: {
  name: string | null | undefined;
  phnnumber: string | number | null | undefined;
}): Validation<{ name: string; phnnumber: string }> {
  const name = field(form.name);
  const phnnumber = field(form.phnnumber);
  if (name === '' || phnnumber === '') return fail(MAIN_INFO_REQUIRED);
  const long = tooLong([
    ['Name', name, MAX_LENGTH.mainInfo.name],
    ['Phone number', phnnumber, MAX_LENGTH.mainInfo.phnnumber],
  ]);
  if (long !== null) return fail(long);
  return isPhoneNumber(phnnumber) ? ok({ name, phnnumber }) : fail(phoneFormatError('Phone number'));
}

/**
 * Firebase Auth's bounds for an email/password account: it refuses a password shorter than 6
 * characters (auth/weak-password) and one longer than 4096.
 */
export const PASSWORD_LENGTH = { min: 6, max: 4096 } as const;

/**
 * Update Password. Passwords are taken as typed: spaces may be part of one, but a new password
 * of spaces alone is refused, and its length must be one Firebase Auth accepts.
 */
export function validatePassword(form: {
  current: string | null | undefined;
  next: string | null | undefined;
}): Validation<{ current: string; next: string }> {
  const current = form.current ?? '';
  const next = form.next ?? '';
  if (current === '') return fail(CURRENT_PASSWORD_REQUIRED);
  if (next === '') return fail(NEW_PASSWORD_REQUIRED);
  if (next.trim() === '') return fail(NEW_PASSWORD_BLANK);
  // Counted as the admin sees characters (an emoji is one), not in UTF-16 units.
  const length = [...next].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    return fail(newPasswordLength(length, PASSWORD_LENGTH.min, PASSWORD_LENGTH.max));
  }
  return ok({ current, next });
}

/**
 * Sattaname Information: a game time, read as every admin time is (time.ts: '6 pm', '9:05 pm',
 * '06:00 PM') and saved upper-cased in the canonical 'HH:MM AM/PM'.
 */
export function validateTime(text: string | null | undefined): Validation<string> {
  if (field(text) === '') return fail(TIME_REQUIRED);
  const time = normalizeTimeInput(text);
  return time === null ? fail(TIME_FORMAT_ERROR) : ok(time);
}

export interface AgentForm {
  name: string;
  phone: string;
  phone2?: string | null;
  wa: string;
  site: string;
  payment: string;
  customTimings?: readonly (readonly [string, string])[];
  customRates?: Partial<KhaiwalRates> | null;
}

/** Khaiwal Management: the record written to khaiwals/{id}, with no undefined field (the database refuses those). */
export function validateAgent(form: AgentForm): Validation<KhaiwalRecord> {
  const name = field(form.name);
  const phone = field(form.phone);
  const wa = field(form.wa);
  const siteText = field(form.site);
  const payment = field(form.payment);
  if ([name, phone, wa, siteText, payment].includes('')) return fail(FILL_REQUIRED_FIELDS);
  if (!/\d/.test(wa)) return fail(WA_NUMBER_ERROR);
  const site = safeUrl(siteText);
  if (site === null) return fail(SITE_URL_ERROR);
  const phone2 = field(form.phone2);
  const jodi = field(form.customRates?.jodi) || DEFAULT_RATES.jodi;
  const haruf = field(form.customRates?.haruf) || DEFAULT_RATES.haruf;
  const long = tooLong([
    ['Name', name, MAX_LENGTH.khaiwal.name],
    ['Phone', phone, MAX_LENGTH.khaiwal.phone],
    ['Phone 2', phone2, MAX_LENGTH.khaiwal.phone2],
    ['WhatsApp number', wa, MAX_LENGTH.khaiwal.wa],
    ['Website URL', site, MAX_LENGTH.khaiwal.site],
    ['Payment', payment, MAX_LENGTH.khaiwal.payment],
    ['Jodi rate', jodi, MAX_LENGTH.khaiwal.jodi],
    ['Haruf rate', haruf, MAX_LENGTH.khaiwal.haruf],
  ]);
  if (long !== null) return fail(long);
  if (!isPhoneNumber(phone)) return fail(phoneFormatError('Phone'));
  if (phone2 !== '' && !isPhoneNumber(phone2)) return fail(phoneFormatError('Phone 2'));

  const customTimings: [string, string][] = [];
  for (const [gameText, timeText] of form.customTimings ?? []) {
    const game = field(gameText);
    const rawTime = field(timeText);
    // The form keeps a blank row for the next entry; it is not an error.
    if (game === '' && rawTime === '') continue;
    if (game === '') return fail(TIMING_GAME_REQUIRED);
    const longGame = tooLong([['Custom timing game', game, MAX_LENGTH.khaiwal.timingGame]]);
    if (longGame !== null) return fail(longGame);
    const time = normalizeTimeInput(rawTime);
    if (time === null) return fail(timingFormatError(game));
    customTimings.push([game, time]);
  }

  const record: KhaiwalRecord = {
    name,
    phone,
    wa,
    site,
    payment,
    customTimings,
    customRates: { jodi, haruf },
  };
  if (phone2 !== '') record.phone2 = phone2;
  return ok(record);
}

// No '?', '&' or '#': admin text must not smuggle a subject or body into the visitor's mail app.
const CONTACT_EMAIL = /^[^\s@?&#/:]+@[^\s@?&#/:]+\.[^\s@?&#/:]+$/;

/**
 * Whether the contact page shows this email (and links it with mailto:); it hides any other, so
 * the dashboard refuses what would silently vanish there. The one rule of both: the contact page
 * (mf-agents/src/contact/contactDetails.ts) and the dashboard's main info form use it.
 */
export function isContactEmail(text: string): boolean {
  return CONTACT_EMAIL.test(text.trim());
}

export interface AdEntry {
  name: string;
  time: string;
}

/**
 * Update Ad Info: the whole `adinfo` object. An ad's time is a draw time like a game's, stored in
 * the canonical 'HH:MM AM/PM' the rules use for game times; '25:99 XM' is refused.
 */
export function validateAdInfo(
  entries: Readonly<Record<string, { name?: string | null; time?: string | null }>>,
): Validation<Record<string, AdEntry>> {
  const value: Record<string, AdEntry> = {};
  for (const [rawLabel, entry] of Object.entries(entries)) {
    const label = rawLabel.trim();
    if (!isDatabaseKey(label)) return fail(AD_LABEL_ERROR);
    const name = field(entry.name);
    const time = field(entry.time);
    if (name === '' || time === '') return fail(adEntryIncomplete(label));
    const long = tooLong([
      ['Ad label', label, MAX_LENGTH.ad.label],
      [`Ad "${label}" name`, name, MAX_LENGTH.ad.name],
      [`Ad "${label}" time`, time, MAX_LENGTH.ad.time],
    ]);
    if (long !== null) return fail(long);
    const drawTime = normalizeTimeInput(time);
    if (drawTime === null) return fail(adTimeFormatError(label));
    value[label] = { name, time: drawTime };
  }
  return ok(value);
}
