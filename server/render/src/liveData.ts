import type { Database, DataSnapshot, Query } from 'firebase-admin/database';
import { homeWindowStart, type AdInfo, type MainInfo } from '@satta/shared/data';
import { readGameNode, type GameData } from '@satta/shared/domain/results';
import { readKhaiwals, type Khaiwal } from '@satta/shared/domain/agents';
import { siteNow } from '@satta/shared/domain/siteTime';
import type { Snapshot } from './snapshot.ts';

export interface LiveDataOptions {
  db: Database;
  timezone: string;
  /** The names of the games (a shallow REST read: the list must not cost the games' history). */
  listGames: () => Promise<string[]>;
  /** How often the game list is read again (a new game appears on the pages within this). */
  relistMs?: number;
  now?: () => Date;
}

/**
 * The public data in memory, from live listeners on the database (firebase-admin): every
 * game's time, place and results from yesterday / the 1st of this month on, the khaiwals,
 * `mian` and `adinfo`. `snapshot` is null until each part has answered once; after that it is
 * replaced (never mutated) on every change, and keeps the last data while the database is away.
 */
export class LiveData {
  snapshot: Snapshot | null = null;
  connected = false;
  private readonly now: () => Date;
  private readonly parts: { games?: Map<string, GameData>; khaiwals?: Khaiwal[]; mainInfo?: MainInfo; adInfo?: AdInfo } = {};
  private names: string[] = [];
  private day = '';
  private readonly stops: (() => void)[] = [];
  private gameStops: (() => void)[] = [];
  private dayTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: LiveDataOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async start(): Promise<void> {
    const { db } = this.options;
    this.listen(db.ref('.info/connected'), (s) => (this.connected = s.val() === true), false);
    this.listen(db.ref('khaiwals'), (s) => (this.parts.khaiwals = readKhaiwals(s.val())));
    this.listen(db.ref('mian'), (s) => (this.parts.mainInfo = (s.val() ?? {}) as MainInfo));
    this.listen(db.ref('adinfo'), (s) => (this.parts.adInfo = (s.val() ?? {}) as AdInfo));
    await this.followDay();
    // The home window moves at midnight in the site timezone, and the admin may add a game.
    this.dayTimer = setInterval(() => void this.followDay(), this.options.relistMs ?? 30_000);
    this.dayTimer.unref();
  }

  stop(): void {
    clearInterval(this.dayTimer);
    for (const stop of [...this.stops, ...this.gameStops]) stop();
  }

  private async followDay(): Promise<void> {
    const today = siteNow(this.now(), this.options.timezone).dateKey;
    let names: string[];
    try {
      names = await this.options.listGames();
    } catch (error) {
      // The database is away: keep the last data; the next check tries again.
      console.warn(`render: could not list the games: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (today === this.day && JSON.stringify(names) === JSON.stringify(this.names)) return;
    this.names = names;
    this.day = today;
    for (const stop of this.gameStops) stop();
    this.gameStops = [];
    const games = new Map<string, GameData>();
    this.parts.games = undefined;
    const from = homeWindowStart(today);
    for (const name of this.names) {
      const query = this.options.db.ref(`sattanamee/${name}`).orderByKey().startAt(from);
      this.gameStops.push(
        this.subscribe(query, (s) => {
          games.set(name, readGameNode(name, s.val()));
          if (games.size === this.names.length) this.parts.games = games;
        }),
      );
    }
    if (this.names.length === 0) this.parts.games = games;
    this.publish();
  }

  private listen(query: Query, apply: (s: DataSnapshot) => void, publishes = true): void {
    this.stops.push(this.subscribe(query, apply, publishes));
  }

  private subscribe(query: Query, apply: (s: DataSnapshot) => void, publishes = true): () => void {
    const callback = (s: DataSnapshot) => {
      apply(s);
      if (publishes) this.publish();
    };
    query.on('value', callback, (error: Error) => console.error(`render: listener ${query.toString()} failed`, error));
    return () => query.off('value', callback);
  }

  private publish(): void {
    const { games, khaiwals, mainInfo, adInfo } = this.parts;
    if (!games || !khaiwals || !mainInfo || !adInfo) return;
    this.snapshot = {
      at: this.now().getTime(),
      todayKey: this.day,
      gameNames: this.names,
      games: this.names.map((name) => games.get(name)).filter((g): g is GameData => g !== undefined),
      khaiwals,
      mainInfo,
      adInfo,
    };
  }
}
