import { useMemo } from 'react';
import { useData } from '@satta/shared/data';
import { addDays, siteNow, type SiteNow } from '@satta/shared/domain/siteTime';
import { useNow } from './useNow.ts';

export interface SiteDay {
  now: SiteNow;
  todayKey: string;
  yesterdayKey: string;
}

/** The site-timezone wall clock with today's and yesterday's result keys, every `periodMs`. */
export function useSiteDay(periodMs = 1000): SiteDay {
  const { timezone } = useData<'timezone'>();
  const date = useNow(periodMs);
  return useMemo(() => {
    const now = siteNow(date, timezone);
    return { now, todayKey: now.dateKey, yesterdayKey: addDays(now.dateKey, -1) };
  }, [date, timezone]);
}
