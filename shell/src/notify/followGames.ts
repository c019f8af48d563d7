import { getPushFollow, setPushFollow, toggledGames } from '@satta/shared/ui';
import { putGames, type NotifyCall } from '../push/notifyApi.ts';
import { notifyCall, storedSubscription } from '../push/browserPush.ts';

export interface FollowDeps {
  call: () => NotifyCall;
  /** The endpoint of this browser's stored subscription (null before it is stored). */
  endpoint: () => string | null;
}

const PAGE: FollowDeps = { call: notifyCall, endpoint: () => storedSubscription()?.endpoint ?? null };

/**
 * Choosing games, from the sheet or a bell: the page shows the new choice at once, the notify
 * service stores it (one request after the other, each with the whole choice, so the last one
 * wins), and a refused or failed request puts back what the service last stored.
 */
export function createFollow(deps: FollowDeps = PAGE) {
  let queue: Promise<unknown> = Promise.resolve();
  let latest = 0;
  let pending = 0;
  /** What the service stored last: the state before the first of the requests under way. */
  let confirmed: readonly string[] | null = null;

  function choose(games: readonly string[] | null): Promise<void> {
    const endpoint = deps.endpoint();
    if (!endpoint || !getPushFollow().active) return Promise.reject(new Error('push: no stored subscription to choose games for'));
    if (pending === 0) confirmed = getPushFollow().games;
    pending += 1;
    const request = (latest += 1);
    setPushFollow({ active: true, games });
    const work = queue.then(() => putGames(deps.call(), endpoint, games)).finally(() => (pending -= 1));
    queue = work.catch(() => undefined);
    return work.then(
      (saved) => {
        confirmed = saved;
        if (request === latest) setPushFollow({ active: true, games: saved });
      },
      (error: unknown) => {
        if (request === latest) setPushFollow({ active: true, games: confirmed });
        throw error;
      },
    );
  }

  return {
    choose,
    /** A bell: `game` on or off, the other games of the table as they were. */
    toggle(game: string, shown: readonly string[]): void {
      choose(toggledGames(getPushFollow().games, game, shown)).catch((error: unknown) =>
        console.error(`push: could not change the notifications for ${game}`, error),
      );
    },
  };
}

/** This page's choices. */
export const follow = createFollow();
