import { findGame, gameNameKey } from './games.ts';

/**
 * The names that contain the search text, ignoring case, spaces and
 * punctuation ('delhibazar' finds 'Delhi Bazar'); all of them for an empty search
 * (docs/product.md, Chart page). A game is also found by its other spellings and its Hindi
 * name from the registry ('Disawer' finds Disawar, 'गली' finds Gali).
 */
export function filterGames(names: readonly string[], search: string): string[] {
  const needle = gameNameKey(search);
  if (needle === '') return [...names];
  return names.filter((name) => [name, ...(findGame(name)?.aliases ?? [])].some((spelling) => gameNameKey(spelling).includes(needle)));
}
