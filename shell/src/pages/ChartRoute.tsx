import { useEffect } from 'react';
import { parseChartPath } from '@satta/shared/domain/chartUrls';
import { useLocation } from '../router/router.tsx';
import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { PATHS, TITLES } from '../routes.ts';

/**
 * /chart and /chart/{game}/{year}: the whole page comes from mf-chart, which titles the
 * addresses of single charts itself; the shell titles the list.
 */
export function ChartRoute() {
  const atList = parseChartPath(useLocation().pathname).kind === 'index';
  useEffect(() => {
    if (atList) document.title = TITLES[PATHS.chart];
  }, [atList]);
  return <RemoteWidget remote="mf-chart" exposed="ChartPage" />;
}
