import type { AdInfo } from '@satta/shared/data';
import { normalizeTimeInput } from '@satta/shared/domain/time';
import { validateAdInfo, type Validation } from '@satta/shared/domain/validation';
import { AD_LABEL_DUPLICATE } from './adminMessages.ts';

/** One ad as a form row; the label is the record's key, so it is editable too. */
export interface AdRow {
  label: string;
  name: string;
  time: string;
}

/**
 * The form's rows of the stored ads. A time saved before every admin time was written in one
 * form ('6:00 pm') is shown as the dashboard shows every time, '06:00 PM'; one that is not a
 * time at all is shown as it is, for the admin to correct.
 */
export function adRows(info: AdInfo | undefined): AdRow[] {
  return Object.entries(info ?? {}).map(([label, entry]) => ({
    label,
    name: entry?.name ?? '',
    time: normalizeTimeInput(entry?.time) ?? entry?.time ?? '',
  }));
}

/**
 * The whole `adinfo` object the rows describe. Two rows with one label would silently become
 * one record, so that is refused here rather than losing an ad.
 */
export function checkAdRows(rows: readonly AdRow[]): Validation<AdInfo> {
  const byLabel: Record<string, { name: string; time: string }> = {};
  for (const row of rows) {
    const label = row.label.trim();
    if (label in byLabel) return { ok: false, error: AD_LABEL_DUPLICATE(label) };
    byLabel[label] = { name: row.name, time: row.time };
  }
  return validateAdInfo(byLabel);
}
