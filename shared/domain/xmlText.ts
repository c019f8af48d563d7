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
