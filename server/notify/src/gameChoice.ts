import { GAMES, findGame, gameNameKey, sameGame } from '@satta/shared/domain/games';

/**
 * The games a subscription follows: null for every game (the default, and what an entry without
 * a choice means), else the names it follows ([] = none: the visitor turned off every bell).
 */
export type GameChoice = readonly string[] | null;

/** More names than there are games is no choice a page makes. */
export const MAX_CHOSEN_GAMES = 64;
const MAX_NAME_LENGTH = 100;

export type ParsedChoice = { ok: true; games: GameChoice } | { ok: false; error: string };

/**
 * Checks an untrusted choice (`games` of a request): null, or a list of names each of which is a
 * known game. `known` are the games the service watches (the keys of sattanamee/); the registry's
 * games are accepted too, so a page may name a game the database does not hold yet. A name is
 * stored in the spelling of the game it matches (the database's first, the registry's else):
 * 'disawer' and 'Disawar' are one game. Duplicates collapse; the result is sorted.
 */
export function parseGameChoice(value: unknown, known: readonly string[]): ParsedChoice {
  if (value === null || value === undefined) return { ok: true, games: null };
  if (!Array.isArray(value)) return { ok: false, error: 'games must be null (every game) or a list of game names.' };
  if (value.length > MAX_CHOSEN_GAMES) return { ok: false, error: `games lists more than ${MAX_CHOSEN_GAMES} names.` };
  const chosen = new Set<string>();
  for (const name of value) {
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) {
      return { ok: false, error: 'games must hold game names (non-empty strings).' };
    }
    const match = known.find((game) => sameGame(game, name)) ?? GAMES.find((game) => sameGame(game.name, name))?.name;
    if (match === undefined) return { ok: false, error: `Unknown game: ${JSON.stringify(name.slice(0, 40))}.` };
    chosen.add(match);
  }
  return { ok: true, games: [...chosen].sort() };
}

/**
 * The stored form (webPushSubscriptions/{key}/games): absent for every game, `false` for none
 * (the database keeps no empty object), else { name: true } per game followed.
 */
export function storedGames(games: GameChoice): Record<string, true> | false | null {
  if (games === null) return null;
  if (games.length === 0) return false;
  return Object.fromEntries(games.map((name) => [name, true] as const));
}

/** A stored `games` read back; anything unreadable counts as every game, as before choices existed. */
export function readStoredGames(value: unknown): GameChoice {
  if (value === false) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.entries(value as Record<string, unknown>)
    .filter(([, on]) => on === true)
    .map(([name]) => name)
    .sort();
}

/**
 * What makes two spellings one game for the fan-out: the registry's name of a known game, else
 * the letters of the name (gameNameKey), marked so that it never equals a registry name.
 */
export function gameIdentity(name: string): string {
  return findGame(name)?.name ?? `?${gameNameKey(name)}`;
}
