import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RULES_PATH = fileURLToPath(new URL('../database.rules.json', import.meta.url));

/** The committed rules file, parsed: the same file Firebase and the local server enforce. */
export function loadRules(): { rules: Record<string, unknown> } {
  return JSON.parse(readFileSync(RULES_PATH, 'utf8')) as { rules: Record<string, unknown> };
}
