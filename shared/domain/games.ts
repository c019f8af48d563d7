export interface GameDef {
  /** Canonical name, also the key under sattanamee/ in the sample data. */
  name: string;
  /** 'HH:MM AM/PM' */
  defaultTime: string;
  place: number;
  /** Other spellings found in the specification and in existing databases. */
  aliases: string[];
}

// The first twelve are the admin's games with the default times of the specification; the last
// five appear only in the home page's monthly table, so their times are our own choice.
export const GAMES: readonly GameDef[] = [
  { name: 'Bilaspur', defaultTime: '12:20 PM', place: 1, aliases: ['बिलासपुर'] },
  { name: 'Mathura', defaultTime: '01:20 PM', place: 2, aliases: ['मथुरा'] },
  { name: 'Gangotri', defaultTime: '02:20 PM', place: 3, aliases: ['गंगोत्री'] },
  { name: 'Delhi Bazar', defaultTime: '03:00 PM', place: 4, aliases: ['Delhi Bazaar', 'Dilli Bazar', 'दिल्ली बाज़ार'] },
  { name: 'Shri Ganesh', defaultTime: '04:30 PM', place: 5, aliases: ['Sri Ganesh', 'Shree Ganesh', 'श्री गणेश'] },
  { name: 'Ferozpur', defaultTime: '05:15 PM', place: 6, aliases: ['Firozpur', 'Ferozepur', 'फिरोजपुर'] },
  { name: 'Faridabad', defaultTime: '06:00 PM', place: 7, aliases: ['फरीदाबाद'] },
  { name: 'Palika bazar', defaultTime: '07:20 PM', place: 8, aliases: ['Palika Bazaar', 'पालिका बाज़ार'] },
  { name: 'Gaziyabad', defaultTime: '09:30 PM', place: 9, aliases: ['Ghaziabad', 'Gaziabad', 'गाजियाबाद'] },
  { name: 'Dwarka bazar', defaultTime: '10:25 PM', place: 10, aliases: ['Dwarka', 'Dwarka Bazaar', 'द्वारका बाज़ार', 'द्वारका'] },
  { name: 'Gali', defaultTime: '11:30 PM', place: 11, aliases: ['गली'] },
  { name: 'Disawar', defaultTime: '02:00 AM', place: 12, aliases: ['Disawer', 'Desawar', 'Deshawar', 'दिसावर', 'देसावर'] },
  { name: 'Puskar', defaultTime: '01:40 PM', place: 13, aliases: ['Pushkar', 'पुष्कर'] },
  { name: 'Sadar Bazar', defaultTime: '02:40 PM', place: 14, aliases: ['Sadar Bazaar', 'सदर बाज़ार'] },
  { name: 'Gwalior', defaultTime: '03:40 PM', place: 15, aliases: ['ग्वालियर'] },
  { name: 'Agra', defaultTime: '05:40 PM', place: 16, aliases: ['आगरा'] },
  { name: 'Sadak', defaultTime: '08:40 PM', place: 17, aliases: ['सड़क'] },
];

/** The twelve games of the admin data, the result table's fixed order. */
export const ADMIN_GAME_ORDER: readonly string[] = [
  'Bilaspur',
  'Mathura',
  'Gangotri',
  'Delhi Bazar',
  'Shri Ganesh',
  'Ferozpur',
  'Faridabad',
  'Palika bazar',
  'Gaziyabad',
  'Dwarka bazar',
  'Gali',
  'Disawar',
];

/** Columns of the home page's monthly table, in the specification's order. */
export const HOME_MONTHLY_COLUMNS: readonly string[] = [
  'Faridabad',
  'Gaziyabad',
  'Gali',
  'Disawar',
  'Puskar',
  'Sadar Bazar',
  'Gwalior',
  'Delhi Bazar',
  'Shri Ganesh',
  'Agra',
  'Sadak',
  'Dwarka bazar',
];

/** How many of HOME_MONTHLY_COLUMNS stay in the fixed block; the rest scroll sideways. */
export const HOME_MONTHLY_PINNED = 4;

/** The monthly chart's two tables. */
export const MONTHLY_CHART_TABLES: readonly [readonly string[], readonly string[]] = [
  ['Disawar', 'Delhi Bazar', 'Shri Ganesh', 'Faridabad', 'Gaziyabad', 'Gali'],
  ['Bilaspur', 'Mathura', 'Gangotri', 'Ferozpur', 'Palika bazar', 'Dwarka bazar'],
];

/**
 * Spacing, case and punctuation never distinguish two games ('Delhi  bazar', 'DELHI-BAZAR'),
 * so names are compared on their letters (with their vowel signs: गली is not गल) and digits
 * alone. The Devanagari nukta is left out, as phones type it in two ways or not at all
 * ('ग़ाज़ियाबाद', 'गाजियाबाद').
 */
export function gameNameKey(name: string): string {
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/\u093c/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

const BY_KEY = new Map<string, GameDef>();
for (const game of GAMES) {
  for (const spelling of [game.name, ...game.aliases]) BY_KEY.set(gameNameKey(spelling), game);
}

/** The registry entry of a name or alias, or null for a game the registry does not know. */
export function findGame(name: string): GameDef | null {
  return BY_KEY.get(gameNameKey(name)) ?? null;
}

export function canonicalGameName(name: string): string | null {
  return findGame(name)?.name ?? null;
}

/** Whether two names mean the same game; unknown games match on their spelling alone. */
export function sameGame(a: string, b: string): boolean {
  const keyA = gameNameKey(a);
  const keyB = gameNameKey(b);
  if (keyA === '' || keyB === '') return false;
  const gameA = BY_KEY.get(keyA);
  const gameB = BY_KEY.get(keyB);
  return gameA || gameB ? gameA === gameB : keyA === keyB;
}

const ADMIN_RANK = new Map(ADMIN_GAME_ORDER.map((name, i) => [name, i]));

/**
 * The result table's order: the admin's twelve in their fixed order, then every other game by
 * place (its own, else the registry's), then by name. Does not modify its argument.
 */
export function orderGames<T extends { name: string; place?: number | null }>(games: readonly T[]): T[] {
  const ranked = games.map((game) => {
    const def = findGame(game.name);
    const fixed = def ? ADMIN_RANK.get(def.name) : undefined;
    const place = typeof game.place === 'number' && Number.isFinite(game.place) ? game.place : def?.place;
    return { game, fixed, place };
  });
  ranked.sort((a, b) => {
    if (a.fixed !== undefined || b.fixed !== undefined) {
      return (a.fixed ?? Number.POSITIVE_INFINITY) - (b.fixed ?? Number.POSITIVE_INFINITY);
    }
    const byPlace = (a.place ?? Number.POSITIVE_INFINITY) - (b.place ?? Number.POSITIVE_INFINITY);
    if (byPlace !== 0 && !Number.isNaN(byPlace)) return byPlace;
    return compareNames(a.game.name, b.game.name);
  });
  return ranked.map((r) => r.game);
}

function compareNames(a: string, b: string): number {
  const byKey = gameNameKey(a).localeCompare(gameNameKey(b), 'en');
  return byKey !== 0 ? byKey : a.localeCompare(b, 'en');
}
