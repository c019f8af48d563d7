/**
 * The names that contain the search text, ignoring case; all of them for an empty search
 * (docs/product.md, Chart page).
 */
export function filterGames(names: readonly string[], search: string): string[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...names];
  return names.filter((name) => name.toLocaleLowerCase().includes(needle));
}
