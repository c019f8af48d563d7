/**
 * A phone number as the site shows and dials it: digits, an optional + at the start, and single
 * spaces between digits; 6 to 15 digits (E.164 numbers have at most 15). Hyphens, letters and
 * words are refused, so "call me maybe" never becomes a call link. database.rules.json holds the
 * same expression for `mian/phnnumber` and a khaiwal's `phone` and `phone2`
 * (validation.test.ts checks that they agree).
 */
export const PHONE_PATTERN = /^\+?[0-9]( ?[0-9]){5,14}$/;

export function isPhoneNumber(text: string): boolean {
  return PHONE_PATTERN.test(text);
}
