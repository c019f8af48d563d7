import { useEffect, useState } from 'react';
import { siteNow, type SiteNow } from '@satta/shared/domain/siteTime';

/** Often enough that a form open across midnight or 05:05 changes its default day in time. */
const TICK_MS = 15_000;

/** The site's wall clock, read again every few seconds so what a form shows follows the day. */
export function useSiteNow(timezone: string): SiteNow {
  const [now, setNow] = useState(() => siteNow(new Date(), timezone));
  useEffect(() => {
    setNow(siteNow(new Date(), timezone));
    const id = setInterval(() => setNow(siteNow(new Date(), timezone)), TICK_MS);
    return () => clearInterval(id);
  }, [timezone]);
  return now;
}
