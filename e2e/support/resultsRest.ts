import { ownerCall, restUrl } from '../../scripts/ownerRest.ts';
import { readGames } from '../../shared/domain/results.ts';
import type { GameData } from '../../shared/domain/results.ts';

export { ownerRest, type RestMethod } from '../../scripts/ownerRest.ts';

/**
 * The admin's side of the result tests: REST reads and writes on the local database as its
 * owner, as an admin tool would (scripts/ownerRest.ts).
 */
/** Sets one result, exactly as the specification stores it: sattanamee/{game}/{date}/number. */
export function putNumber(database: string, game: string, date: string, number: string): Promise<unknown> {
  return ownerCall('PUT', restUrl(database, `sattanamee/${game}/${date}/number`), number);
}

export function removeResult(database: string, game: string, date: string): Promise<unknown> {
  return ownerCall('DELETE', restUrl(database, `sattanamee/${game}/${date}`));
}

/** Writes many results at once: { game: { date: number } }. */
export async function putResults(database: string, results: Record<string, Record<string, string>>): Promise<void> {
  const patch: Record<string, { number: string }> = {};
  for (const [game, days] of Object.entries(results)) {
    for (const [date, number] of Object.entries(days)) patch[`${game}/${date}`] = { number };
  }
  await ownerCall('PATCH', restUrl(database, 'sattanamee'), patch);
}

/** Removes the given days again: { game: [date, ...] }. */
export async function removeResults(database: string, days: Record<string, readonly string[]>): Promise<void> {
  const patch: Record<string, null> = {};
  for (const [game, dates] of Object.entries(days)) for (const date of dates) patch[`${game}/${date}`] = null;
  await ownerCall('PATCH', restUrl(database, 'sattanamee'), patch);
}

/** Every game with its time, place and results, read the way the site reads them. */
export async function fetchGames(database: string): Promise<GameData[]> {
  return readGames(await ownerCall('GET', restUrl(database, 'sattanamee')));
}

/** The game names (keys under sattanamee/), without their history. */
export async function fetchGameNames(database: string): Promise<string[]> {
  const value = await ownerCall('GET', restUrl(database, 'sattanamee', { shallow: 'true' }));
  return Object.keys((value as Record<string, unknown> | null) ?? {});
}

/**
 * The writes of one test file, remembered so that its afterAll can remove them again and
 * other suites keep seeing only the sample data.
 */
export function resultWriter(database: string) {
  const written = new Map<string, Set<string>>();
  /** The time each game had before putTimes changed it (null: none), for cleanup. */
  const timesBefore = new Map<string, string | null>();
  const remember = (game: string, date: string) => {
    const dates = written.get(game) ?? new Set<string>();
    dates.add(date);
    written.set(game, dates);
  };
  return {
    putResults(results: Record<string, Record<string, string>>): Promise<void> {
      for (const [game, days] of Object.entries(results)) for (const date of Object.keys(days)) remember(game, date);
      return putResults(database, results);
    },
    putNumber(game: string, date: string, number: string): Promise<unknown> {
      remember(game, date);
      return putNumber(database, game, date, number);
    },
    /** Sets games' times ({ game: 'HH:MM AM' }); cleanup puts the earlier times back. */
    async putTimes(times: Record<string, string>): Promise<void> {
      for (const game of Object.keys(times)) {
        if (timesBefore.has(game)) continue;
        const before = await ownerCall('GET', restUrl(database, `sattanamee/${game}/time`));
        timesBefore.set(game, typeof before === 'string' ? before : null);
      }
      const patch = Object.fromEntries(Object.entries(times).map(([game, time]) => [`${game}/time`, time]));
      await ownerCall('PATCH', restUrl(database, 'sattanamee'), patch);
    },
    async cleanup(): Promise<void> {
      const days = Object.fromEntries([...written].map(([game, dates]) => [game, [...dates]]));
      written.clear();
      await removeResults(database, days);
      if (timesBefore.size === 0) return;
      const patch = Object.fromEntries([...timesBefore].map(([game, time]) => [`${game}/time`, time]));
      timesBefore.clear();
      await ownerCall('PATCH', restUrl(database, 'sattanamee'), patch);
    },
  };
}
