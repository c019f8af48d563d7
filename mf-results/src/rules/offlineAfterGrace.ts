import { asyncScheduler, of, timer, type Observable, type SchedulerLike, distinctUntilChanged, map, startWith, switchMap } from 'rxjs';

/**
 * Long enough for the first connection of a page load (and a brief network blip) to pass
 * without the indicator flashing, short enough that a real outage is noticed.
 */
export const OFFLINE_GRACE_MS = 4000;

/**
 * Whether to show the offline indicator: true only once the connection has been missing for
 * `graceMs` without a break. A page that has not heard anything yet counts as not connected,
 * so a backend that never answers is still reported.
 */
export function offlineAfterGrace(
  connected$: Observable<boolean>,
  graceMs: number = OFFLINE_GRACE_MS,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<boolean> {
  return connected$.pipe(
    startWith(false),
    switchMap((connected) =>
      connected
        ? of(false)
        : timer(graceMs, scheduler).pipe(
            map(() => true),
            startWith(false),
          ),
    ),
    distinctUntilChanged(),
  );
}
