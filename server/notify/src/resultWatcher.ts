import type { DataSnapshot, Database, Query } from 'firebase-admin/database';
import { GAMES } from '@satta/shared/domain/games';
import { normalizeNumber } from '@satta/shared/domain/numbers';
import { siteNow } from '@satta/shared/domain/siteTime';
import { RESULTS_ROOT } from '@satta/shared/data/paths';
import { readTimestamp } from '@satta/shared/domain/timestamps';

export interface Result {
  date: string;
  game: string;
  number: string;
  /** Server time of the number's last change; absent on data older than the field. */
  updatedAt?: number;
  /** A back-filled result (dashboard 'Update Previous Number', bulk import): never pushed. */
  silent: boolean;
}

export interface ResultWatcherOptions {
  db: Database;
  timezone: string;
  listGames(): Promise<string[]>;
  onResult(result: Result): void;
  /** Today's result of `game` is gone (undone or deleted), or there is none yet. */
  onRemoved?(date: string, game: string): void;
  /** Called when the site's day changes (and once at start) with the new date key. */
  onDay?(dateKey: string): void;
  gamesRefreshMs: number;
  dayCheckMs: number;
  now?: () => Date;
  log?: (line: string) => void;
}

interface Listener {
  query: Query;
  callback: (snapshot: DataSnapshot) => void;
}

/**
 * Watches today's result of every game and nothing else: one listener per game on the key range
 * [today, today] of sattanamee/{game}, so neither start-up nor a write to an old day costs the
 * history. The listeners move when the site's day changes; the game list is re-read now and
 * then so a game the admin adds is watched too.
 */
export function watchResults(options: ResultWatcherOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const today = () => siteNow((options.now ?? (() => new Date()))(), options.timezone).dateKey;
  const listeners = new Map<string, Listener>();
  let day = today();
  let names: string[] = [];
  let stopped = false;

  const attach = (game: string) => {
    const date = day;
    const query = options.db.ref(RESULTS_ROOT).child(game).orderByKey().startAt(date).endAt(date);
    const callback = (snapshot: DataSnapshot) => {
      const day = snapshot.child(date);
      const number = normalizeNumber(day.child('number').val());
      if (number === null) {
        options.onRemoved?.(date, game);
        return;
      }
      const updatedAt = readTimestamp(day.child('updatedAt').val());
      options.onResult({
        date,
        game,
        number,
        ...(updatedAt === undefined ? {} : { updatedAt }),
        silent: day.child('silent').val() === true,
      });
    };
    query.on('value', callback, (error: Error) => log(`notify: listening to ${game} failed: ${error.message}`));
    listeners.set(game, { query, callback });
  };
  const detach = (game: string) => {
    const listener = listeners.get(game);
    if (listener) listener.query.off('value', listener.callback);
    listeners.delete(game);
  };

  const refreshGames = async () => {
    try {
      names = await options.listGames();
    } catch (error) {
      if (names.length === 0) names = GAMES.map((g) => g.name);
      log(`notify: could not list games (${(error as Error).message}); watching ${names.length} known games`);
    }
    if (stopped) return;
    for (const game of [...listeners.keys()]) if (!names.includes(game)) detach(game);
    for (const game of names) if (!listeners.has(game)) attach(game);
  };

  const checkDay = () => {
    const now = today();
    if (now === day) return;
    day = now;
    for (const game of [...listeners.keys()]) detach(game);
    for (const game of names) attach(game);
    log(`notify: new day ${day}, watching ${names.length} games`);
    options.onDay?.(day);
  };

  const ready = refreshGames().then(() => {
    log(`notify: watching today's results (${day}) of ${names.length} games`);
    options.onDay?.(day);
  });
  const timers = [setInterval(() => void refreshGames(), options.gamesRefreshMs), setInterval(checkDay, options.dayCheckMs)];
  for (const timer of timers) timer.unref();

  return {
    ready,
    day: () => day,
    games: () => [...listeners.keys()],
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const game of [...listeners.keys()]) detach(game);
    },
  };
}
export type ResultWatcher = ReturnType<typeof watchResults>;
