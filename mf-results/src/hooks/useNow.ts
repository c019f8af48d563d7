import { useEffect, useState } from 'react';

/**
 * The current time, refreshed on each boundary of `periodMs` (a whole second for the clock).
 * Each tick is scheduled for the next boundary rather than with setInterval, so a busy tab
 * that fires a timer late does not keep showing a second behind.
 */
export function useNow(periodMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let handle: ReturnType<typeof setTimeout>;
    const schedule = () => {
      handle = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        periodMs - (Date.now() % periodMs),
      );
    };
    setNow(new Date());
    schedule();
    return () => clearTimeout(handle);
  }, [periodMs]);
  return now;
}
