import {
  asyncScheduler,
  combineLatest,
  distinctUntilChanged,
  map,
  scan,
  startWith,
  timer,
  type Observable,
  type SchedulerLike,
} from 'rxjs';

export type ConnectionState = 'checking' | 'online' | 'offline';

interface Seen {
  /** Connected at least once. */
  ever: boolean;
  state: ConnectionState;
}

/** The first connection of a sign-in takes a moment; a page that never gets one says so after this. */
export const FIRST_CONNECTION_GRACE_MS = 4000;

/**
 * What the dashboard's header says of the connection: 'online' while connected; 'offline' as soon
 * as a connection the page had is lost, or once the first one has not come within `graceMs`;
 * 'checking' before that.
 */
export function connectionState(
  connected$: Observable<boolean>,
  graceMs: number = FIRST_CONNECTION_GRACE_MS,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<ConnectionState> {
  const graceOver$ = timer(graceMs, scheduler).pipe(
    map(() => true),
    startWith(false),
  );
  return combineLatest([connected$.pipe(startWith(false)), graceOver$]).pipe(
    scan<[boolean, boolean], Seen>(
      (seen, [connected, graceOver]) => {
        const ever = seen.ever || connected;
        return { ever, state: connected ? 'online' : ever || graceOver ? 'offline' : 'checking' };
      },
      { ever: false, state: 'checking' },
    ),
    map((seen) => seen.state),
    distinctUntilChanged(),
  );
}
