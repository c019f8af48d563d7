import { startTransition, useEffect, useState } from 'react';
import { useData } from '@satta/shared/data';
import { useHydrated } from '@satta/shared/ui';

/**
 * The current time, refreshed on each boundary of `periodMs` (a whole second for the clock).
 * Each tick is scheduled for the next boundary rather than with setInterval, so a busy tab
 * that fires a timer late does not keep showing a second behind.
 *
 * A server render, and the browser's render that hydrates its HTML, read the time the page was
 * rendered as at (DataService.pageTime: the time of its data, inlined with it), so both render the
 * same words however old the page is (the service worker's copy may be hours old); the real time
 * follows right after hydration. Only a new period re-renders, and a tick is a transition: the
 * results table re-rendering every few seconds never holds a slow phone's main thread in one piece.
 */
export function useNow(periodMs = 1000): Date {
  const hydrated = useHydrated();
  const data = useData<'pageTime'>();
  const [now, setNow] = useState(() => {
    const at = hydrated ? undefined : data.pageTime?.();
    return at === undefined ? new Date() : new Date(at);
  });
  useEffect(() => {
    let handle: ReturnType<typeof setTimeout>;
    const update = () =>
      setNow((before) => (Math.floor(before.getTime() / periodMs) === Math.floor(Date.now() / periodMs) ? before : new Date()));
    const schedule = () => {
      handle = setTimeout(
        () => {
          startTransition(update);
          schedule();
        },
        periodMs - (Date.now() % periodMs),
      );
    };
    update();
    schedule();
    return () => clearTimeout(handle);
  }, [periodMs]);
  return now;
}
