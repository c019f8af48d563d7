import { siteNow } from '@satta/shared/domain/siteTime';

const MAX_VALUE_LENGTH = 160;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * When a change happened, on the site's clock ('2026-11-21 02:15:09 PM'), so every admin reads
 * the same day the results are filed under, wherever the browser is.
 */
export function formatAuditTime(at: number, timezone: string): string {
  if (!Number.isFinite(at)) return '';
  const t = siteNow(new Date(at), timezone);
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${t.dateKey} ${pad2(hour12)}:${pad2(t.minute)}:${pad2(t.second)} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * An audit entry's old or new value (stored as JSON text) as a short line: a string without its
 * quotes, a record as compact JSON, nothing as '—'. Long records are cut, the full text stays
 * available to the caller.
 */
export function formatAuditValue(json: string | null | undefined): string {
  if (json === null || json === undefined) return '—';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = json;
  }
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
