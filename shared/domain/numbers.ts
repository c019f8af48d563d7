const ONE_OR_TWO_DIGITS = /^\d{1,2}$/;

/**
 * The two-digit result ('05') of a stored or typed value. Old records hold plain numbers (5) and
 * placeholders ('Wait...'), so anything that is not a whole number from 0 to 99 reads as no result.
 */
export function normalizeNumber(v: unknown): string | null {
  if (typeof v === 'number') {
    return Number.isInteger(v) && v >= 0 && v <= 99 ? String(Math.abs(v)).padStart(2, '0') : null;
  }
  if (typeof v === 'string') {
    const text = v.trim();
    return ONE_OR_TWO_DIGITS.test(text) ? text.padStart(2, '0') : null;
  }
  return null;
}

/** The admin's number field: one or two digits, so 0 to 99; surrounding spaces are forgiven. */
export function isValidNumberInput(s: string): boolean {
  return typeof s === 'string' && ONE_OR_TWO_DIGITS.test(s.trim());
}
