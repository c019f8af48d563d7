// Sample data for the local stack and the benchmarks: the same input always gives the same
// tree, so seeding twice writes nothing new and two machines see identical results.
import { GAMES } from '../shared/domain/games.ts';
import { DEFAULT_TIMEZONE, addDays, isDateKey, siteNow } from '../shared/domain/siteTime.ts';
import { parseGameTime } from '../shared/domain/time.ts';

export interface SeedOptions {
  /** How many days of results, ending with `today` (today included). */
  days: number;
  /**
   * How many games: the registry's first ones, then games an operator added outside it
   * (`EXTRA_GAMES`, then "Game 31" and on). Default: the registry's 17.
   */
  games?: number;
  /** 'YYYY-MM-DD' in the site's zone; defaults to the current date there. */
  today?: string;
  /** The current instant; decides which of today's games have already been played. */
  now?: Date;
  timeZone?: string;
}

export interface SeedGame {
  time: string;
  place: number;
  [date: string]: { number: string } | string | number;
}

export interface SeedMain {
  name: string;
  phnnumber: string;
  email: string;
  banner: string;
  notice: string;
  channel: string;
}

export interface SeedTree {
  sattanamee: Record<string, SeedGame>;
  mian: SeedMain;
  adinfo: Record<string, { name: string; time: string }>;
}

export const SEED_MAIN: SeedMain = {
  name: 'Admin',
  phnnumber: '+91 90000 00000',
  email: 'contact@example.com',
  banner: 'सबसे तेज़ रिज़ल्ट, हर दिन समय पर — Fastest results, on time every day. ' + 'नकली वेबसाइटों से सावधान रहें — Beware of fake websites.',
  notice:
    'सूचना: यह वेबसाइट केवल जानकारी के लिए है। सभी रिज़ल्ट खेल के समय के बाद अपडेट किए जाते हैं। ' +
    'सट्टा कई जगह गैरकानूनी है; यहाँ दी गई जानकारी अपने जोखिम पर देखें।',
  channel: 'https://t.me/example',
};

export const SEED_ADINFO: SeedTree['adinfo'] = {
  Morning: { name: 'Gali ad', time: '11:00 AM' },
  Evening: { name: 'Disawar ad', time: '06:00 PM' },
};

/**
 * Games beyond the registry's, for a real operator's size (20 to 30 games): names and times as an
 * admin would add them on the dashboard, none of them a registry name or alias.
 */
export const EXTRA_GAMES: ReadonlyArray<{ name: string; defaultTime: string }> = [
  { name: 'Haridwar', defaultTime: '12:50 PM' },
  { name: 'Meerut', defaultTime: '01:00 PM' },
  { name: 'Lucknow', defaultTime: '02:00 PM' },
  { name: 'Kanpur', defaultTime: '03:20 PM' },
  { name: 'Ajmer', defaultTime: '04:00 PM' },
  { name: 'Jaipur', defaultTime: '04:50 PM' },
  { name: 'Ambala', defaultTime: '05:30 PM' },
  { name: 'Panipat', defaultTime: '06:30 PM' },
  { name: 'Rohtak', defaultTime: '07:00 PM' },
  { name: 'Karnal', defaultTime: '08:00 PM' },
  { name: 'Noida', defaultTime: '09:00 PM' },
  { name: 'Hisar', defaultTime: '10:00 PM' },
  { name: 'Rewari', defaultTime: '11:00 PM' },
];

/** The first `count` games of the sample: the registry's, then `EXTRA_GAMES`, then "Game N". */
export function seedGames(count: number): Array<{ name: string; defaultTime: string; place: number }> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`games must be a whole number >= 1, got ${count}`);
  const games = [...GAMES.map(({ name, defaultTime, place }) => ({ name, defaultTime, place }))];
  for (let i = 0; games.length < count; i++) {
    const extra = EXTRA_GAMES[i] ?? { name: `Game ${games.length + 1}`, defaultTime: '11:45 PM' };
    games.push({ ...extra, place: games.length + 1 });
  }
  return games.slice(0, count);
}

/** Days from the same date `years` years before `today` (Feb 29 counts as Feb 28) to `today`, both included. */
export function daysInYears(years: number, today: string): number {
  if (!Number.isInteger(years) || years < 0) throw new RangeError(`years must be a whole number >= 0, got ${years}`);
  if (!isDateKey(today)) throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y - years, m - 1, m === 2 && d === 29 ? 28 : d);
  return Math.round((Date.UTC(y, m - 1, d) - start) / 86_400_000) + (years === 0 ? 0 : 1);
}

/** A two-digit number for a game on a date: FNV-1a over both, folded into 00..99. */
export function seedNumber(game: string, date: string): string {
  let hash = 0x811c9dc5;
  for (const ch of `${game}|${date}`) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  // FNV's low bits are weak on short similar inputs; mix the high half in before folding.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x45d9f3b);
  hash ^= hash >>> 16;
  return String((hash >>> 0) % 100).padStart(2, '0');
}

/**
 * Minutes of `today` that have already gone by at `now`: everything for a past day, nothing
 * for a future one, the site clock for the current day.
 */
function elapsedMinutes(today: string, now: Date, timeZone: string): number {
  const clock = siteNow(now, timeZone);
  if (today < clock.dateKey) return Number.POSITIVE_INFINITY;
  if (today > clock.dateKey) return -1;
  return clock.minutesOfDay;
}

export function seedData(options: SeedOptions): SeedTree {
  const { days } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIMEZONE;
  const now = options.now ?? new Date();
  const today = options.today ?? siteNow(now, timeZone).dateKey;
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number >= 0, got ${days}`);
  if (!isDateKey(today)) throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);

  const elapsed = elapsedMinutes(today, now, timeZone);
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
  const sattanamee: Record<string, SeedGame> = {};
  for (const game of seedGames(options.games ?? GAMES.length)) {
    const minutes = parseGameTime(game.defaultTime);
    if (minutes === null) throw new Error(`Registry time of ${game.name} is not a time: ${game.defaultTime}`);
    const node: SeedGame = { time: game.defaultTime, place: game.place };
    for (const date of dates) {
      // Disawar (02:00 AM) is played early on its own date, so the same rule covers it.
      if (date === today && minutes > elapsed) continue;
      node[date] = { number: seedNumber(game.name, date) };
    }
    sattanamee[game.name] = node;
  }
  return { sattanamee, mian: { ...SEED_MAIN }, adinfo: structuredClone(SEED_ADINFO) };
}
