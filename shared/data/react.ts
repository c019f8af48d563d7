import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { LOADING, peekLive, type Live } from './live.ts';

/** Subscribes for the component's lifetime; a new observable identity resubscribes. */
export function useObservable<T>(source: Observable<T> | null | undefined, initial: T | (() => T)): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    if (!source) return undefined;
    const subscription = source.subscribe({
      next: setValue,
      error: (error: unknown) => console.error('useObservable: stream failed', error),
    });
    return () => subscription.unsubscribe();
  }, [source]);
  return value;
}

/** A live data stream (cache first, then live) as component state, starting from what it has now. */
export function useLive<T>(source: Observable<Live<T>> | null | undefined): Live<T> {
  return useObservable<Live<T>>(source, () => (source ? peekLive(source) : undefined) ?? LOADING);
}
