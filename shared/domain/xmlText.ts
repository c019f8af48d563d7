/**
 * Text as XML 1.0 may hold it: the characters it forbids (C0 controls other than tab, newline and
 * carriage return; U+FFFE and U+FFFF; a surrogate without its pair) are dropped, so one correction
 * whose game name came with U+0001 cannot make a whole feed unreadable.
 */
const FORBIDDEN_IN_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(text: string): string {
  return text.replace(FORBIDDEN_IN_XML, '');
}

/**
 * `value` with `xmlText` applied to every string in it, at any depth, object keys included (an
 * ad's label is its key); numbers, booleans, null and undefined as they are. What the admin's
 * commands write passes through it: the database rules refuse the characters XML 1.0 forbids,
 * so text pasted with one is saved without it rather than refused.
 */
export function xmlTextDeep<T>(value: T): T {
  if (typeof value === 'string') return xmlText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => xmlTextDeep(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [xmlText(key), xmlTextDeep(item)])) as T;
  }
  return value;
}
