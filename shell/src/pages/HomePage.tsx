import { VisuallyHidden } from '@satta/shared/ui';
import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { NotificationPrompt } from '../notify/NotificationPrompt.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';
import { SITE_NAME_HI } from '../strings.ts';

/** Home (docs/product.md, Home): result widgets of mf-results with the agent cards of mf-agents. */
export function HomePage() {
  useDocumentTitle(TITLES[PATHS.home]);
  return (
    <>
      <h1>
        <VisuallyHidden>{SITE_NAME_HI}</VisuallyHidden>
      </h1>
      <RemoteWidget remote="mf-results" exposed="Banner" />
      <RemoteWidget remote="mf-results" exposed="Clock" />
      <RemoteWidget remote="mf-results" exposed="ResultTable" />
      <RemoteWidget remote="mf-results" exposed="CurrentGame" />
      <RemoteWidget remote="mf-results" exposed="NextGame" />
      <RemoteWidget remote="mf-agents" exposed="AgentCards" />
      <RemoteWidget remote="mf-results" exposed="MonthlyTable" />
      <RemoteWidget remote="mf-results" exposed="OfflineIndicator" />
      <NotificationPrompt />
    </>
  );
}
