import { asyncScheduler, Observable, type SchedulerLike } from 'rxjs';
import { peekLive, withPeek, type Live } from '@satta/shared/data';

/**
 * How long the chart waits for a first answer before saying it failed. The database SDK never
 * reports an unreachable server (it keeps retrying quietly), so silence has to be turned into
 * 'Failed to load data from server' here.
 */
export const LOAD_TIMEOUT_MS = 12_000;

export class LoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer from the server within ${ms} ms`);
    this.name = 'LoadTimeoutError';
  }
}

/**
 * Passes every value through, and adds an error state when nothing with data (or an error)
 * has arrived within `ms`. A late answer still replaces the error, so a slow server recovers.
 */
export function withLoadTimeout<T>(
  source: Observable<Live<T>>,
  ms: number = LOAD_TIMEOUT_MS,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<Live<T>> {
  const timed = new Observable<Live<T>>((subscriber) => {
    let answered = false;
    const timeout = scheduler.schedule(() => {
      if (!answered) subscriber.next({ data: undefined, stale: false, error: new LoadTimeoutError(ms) });
    }, ms);
    const subscription = source.subscribe({
      next: (live) => {
        if (live.data !== undefined || live.error !== null) {
          answered = true;
          timeout.unsubscribe();
        }
        subscriber.next(live);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    });
    subscription.add(timeout);
    return subscription;
  });
  // What the source has now is what this has now: a chart over server-rendered HTML or a warm
  // cache starts from its data (useLive peeks), never from a loading text.
  return withPeek(timed, () => peekLive(source));
}
