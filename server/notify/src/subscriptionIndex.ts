import type { Target } from './fanOut.ts';
import { gameIdentity, type GameChoice } from './gameChoice.ts';

export interface IndexedSubscription {
  target: Target;
  games: GameChoice;
}

/**
 * Every stored subscription in memory, indexed by the games it follows: a result of game G
 * lists only the subscriptions that follow every game or G, in time proportional to those, so a
 * game followed by few costs few (the fan-out's cost is per subscription sent to).
 */
export function createSubscriptionIndex() {
  const entries = new Map<string, IndexedSubscription>();
  /** Keys of the subscriptions that follow every game. */
  const everyGame = new Set<string>();
  /** gameIdentity of the names seen (the few games' spellings, 100,000 times at a start). */
  const identities = new Map<string, string>();
  const identityOf = (name: string) => {
    let id = identities.get(name);
    if (id === undefined) {
      id = gameIdentity(name);
      if (identities.size >= 10_000) identities.clear();
      identities.set(name, id);
    }
    return id;
  };
  /** gameIdentity -> keys of the subscriptions that chose that game. */
  const byGame = new Map<string, Set<string>>();

  const unlink = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    if (old.games === null) everyGame.delete(key);
    else
      for (const game of old.games) {
        const id = identityOf(game);
        const keys = byGame.get(id);
        keys?.delete(key);
        if (keys?.size === 0) byGame.delete(id);
      }
    entries.delete(key);
  };

  const targetsOf = (keys: Iterable<string>, into: Target[]) => {
    for (const key of keys) {
      const entry = entries.get(key);
      if (entry) into.push(entry.target);
    }
    return into;
  };

  return {
    /** Adds or replaces the subscription under `key`. */
    put(key: string, target: Target, games: GameChoice): void {
      unlink(key);
      entries.set(key, { target, games });
      if (games === null) everyGame.add(key);
      else
        for (const game of games) {
          const id = identityOf(game);
          let keys = byGame.get(id);
          if (!keys) byGame.set(id, (keys = new Set()));
          keys.add(key);
        }
    },

    delete(key: string): void {
      unlink(key);
    },

    get(key: string): IndexedSubscription | undefined {
      return entries.get(key);
    },

    /** The subscriptions to tell about a result of `game`: those following every game, then those that chose it. */
    followers(game: string): Target[] {
      const chose = byGame.get(identityOf(game));
      const targets = targetsOf(everyGame, []);
      return chose ? targetsOf(chose, targets) : targets;
    },

    /** Every subscription (the test notification). */
    all(): Target[] {
      return [...entries.values()].map((entry) => entry.target);
    },

    get size(): number {
      return entries.size;
    },

    clear(): void {
      entries.clear();
      everyGame.clear();
      byGame.clear();
    },
  };
}
export type SubscriptionIndex = ReturnType<typeof createSubscriptionIndex>;
