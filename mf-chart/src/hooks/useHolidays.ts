import { useMemo } from 'react';
import { useLive } from '@satta/shared/data';
import type { Holidays } from '@satta/shared/domain/holidays';
import { useChartData } from './chartData.ts';

/**
 * The days without a draw of every game (shared/domain/holidays.ts), undefined until known; no
 * marks are shown until then. Live, the marks follow the admin's changes; `live: false` (a
 * finished year's chart, which follows nothing live) takes what the page came with or reads them
 * once. The first render is what the data source has now (useLive peeks), so the server's HTML
 * hydrates as is.
 */
export function useHolidays(live = true): Holidays | undefined {
  const data = useChartData();
  const holidays$ = useMemo(() => data.holidays$({ live }), [data, live]);
  return useLive(holidays$).data;
}
