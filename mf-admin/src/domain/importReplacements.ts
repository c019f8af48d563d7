import { resultKey } from '@satta/shared/domain/results';
import { confirmOverwrite } from './adminMessages.ts';
import type { ImportRow } from './resultsCsv.ts';

/** A row of an import that would replace a number visitors have already seen. */
export interface Replacement {
  row: ImportRow;
  old: string;
}

/** The rows whose game and date have another number published now (`published` by `game/date`). */
export function replacements(rows: readonly ImportRow[], published: Readonly<Record<string, string>>): Replacement[] {
  return rows.flatMap((row) => {
    const old = published[resultKey(row)];
    return old !== undefined && old !== row.number ? [{ row, old }] : [];
  });
}

/** The single-number forms' question, one line per replaced number. */
export function replaceQuestion(list: readonly Replacement[]): string {
  return list.map(({ row, old }) => confirmOverwrite(row.game, row.date, old, row.number)).join('\n');
}
