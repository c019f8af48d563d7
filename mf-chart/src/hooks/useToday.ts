import { useEffect, useState } from 'react';
import { siteNow, type SiteNow } from '@satta/shared/domain/siteTime';
import { useData } from '@satta/shared/data';

// The chart only changes with the day; a coarse tick is enough and costs nothing.
const TICK_MS = 15_000;

/** The site-timezone date (today's key, year, day), kept current across midnight. */
export function useToday(): SiteNow {
  const { timezone } = useData<'timezone'>();
  const [now, setNow] = useState(() => siteNow(new Date(), timezone));
  useEffect(() => {
    const update = () =>
      setNow((before) => {
        const next = siteNow(new Date(), timezone);
        // Same day: keep the old object so nothing downstream recomputes.
        return next.dateKey === before.dateKey ? before : next;
      });
    update();
    const id = setInterval(update, TICK_MS);
    return () => clearInterval(id);
  }, [timezone]);
  return now;
}
