import { createContext, startTransition, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { dataService } from './singleton.ts';
import type { DataService } from './service.ts';
import { LOADING, peekAtStart, peekLive, type Live } from './live.ts';

/**
 * The one way widgets reach the data: `useData()` gives the data service a `DataProvider` around
 * it hands in (the render service's, reading its memory, while it renders a page; a fake in a
 * component test), or else the page's data service (the singleton the shell initialised).
 * `useData<Part>()` names the methods a widget reads, e.g. `useData<'connected$'>()`; useRead
 * is the usual way to one of its streams.
 */
const DataContext = createContext<unknown>(null);

/** The render service and tests provide a source; on a page the widgets use the page's singleton. */
export const DataProvider = DataContext.Provider;

export function useData<Key extends keyof DataService = keyof DataService>(): Pick<DataService, Key> {
  return (useContext(DataContext) as Pick<DataService, Key> | null) ?? dataService();
}

/**
 * Subscribes for the component's lifetime; a new observable identity resubscribes. Each value
 * is an urgent update: what depends on the order of events (the dashboard leaving on sign-out
 * before the Sign In Again button's own navigation) sees it at once.
 */
export function useObservable<T>(source: Observable<T> | null | undefined, initial: T | (() => T)): T {
  return useSubscription(source, initial, urgent);
}

/**
 * A live data stream (cache first, then live) as component state, starting from what it has now.
 * Each value is a transition: React renders what changed in slices of a few milliseconds, so a
 * burst of data (the first snapshot of a year's chart, 372 cells) never holds a phone's main
 * thread for long, and it still commits within a frame or two of the data arriving.
 */
export function useLive<T>(source: Observable<Live<T>> | null | undefined): Live<T> {
  const hydrating = useHydrating();
  const live = useSubscription<Live<T>>(source, () => (source ? peekLive(source) : undefined) ?? LOADING, startTransition);
  // Hydrating the server's HTML, however late (a widget scrolled to a minute after the page
  // started): what the page started with, which the server rendered; the live value right after.
  return hydrating && source ? (peekAtStart(source) ?? live) : live;
}

const never = () => () => undefined;

/** true on the server and while React hydrates the server's HTML (as shared/ui's useHydrated). */
function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/**
 * One read of the data service as a live value, for a widget: `read` picks the stream from the
 * service (the provided one, see useData), memoised on the service and `deps`, so a render never
 * subscribes again; the first render is what the stream has now (useLive). E.g.
 * `useRead((data) => data.gameYear$(game, year), [game, year])`.
 */
export function useRead<T>(read: (data: DataService) => Observable<Live<T>>, deps: readonly unknown[]): Live<T> {
  const data = useData();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` is a new function each render; `deps` is what it reads.
  const source = useMemo(() => read(data as DataService), [data, ...deps]);
  return useLive(source);
}

const urgent = (update: () => void) => update();

/** `schedule` must be a stable function (a new one resubscribes). */
function useSubscription<T>(source: Observable<T> | null | undefined, initial: T | (() => T), schedule: (update: () => void) => void): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    if (!source) return undefined;
    const subscription = source.subscribe({
      next: (next) => schedule(() => setValue(() => next)),
      error: (error: unknown) => console.error('useObservable: stream failed', error),
    });
    return () => subscription.unsubscribe();
  }, [source, schedule]);
  return value;
}
