import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';

/** /chart: the whole page comes from mf-chart. */
export function ChartRoute() {
  useDocumentTitle(TITLES[PATHS.chart]);
  return <RemoteWidget remote="mf-chart" exposed="ChartPage" />;
}
