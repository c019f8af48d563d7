import { startTransition, useEffect, useState } from 'react';

/**
 * The current time, refreshed on each boundary of `periodMs` (a whole second for the clock).
 * Each tick is scheduled for the next boundary rather than with setInterval, so a busy tab
 * that fires a timer late does not keep showing a second behind.
 *
 * Only a new period re-renders (a widget mounting over the server's HTML keeps the time of its
 * first render), and a tick is a transition: the results table re-rendering every few seconds
 * never holds a slow phone's main thread in one piece.
 */
export function useNow(periodMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
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
