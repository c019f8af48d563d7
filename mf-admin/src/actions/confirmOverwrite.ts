import { confirmOverwrite as question } from '../domain/adminMessages.ts';
import type { AdminData } from '../hooks/adminData.ts';

/**
 * Whether a number may be written: always when the day has none or the same one, otherwise
 * only if the admin agrees, since a published result is what visitors have already seen.
 */
export async function mayOverwrite(
  data: Pick<AdminData, 'getResult'>,
  game: string,
  date: string,
  next: string,
  confirm: (message: string) => boolean = (m) => window.confirm(m),
): Promise<boolean> {
  const existing = await data.getResult(game, date);
  if (existing === null || existing === next) return true;
  return confirm(question(game, date, existing, next));
}
