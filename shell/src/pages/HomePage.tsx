import styled from 'styled-components';
import { VisuallyHidden } from '@satta/shared/ui';
import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { NotificationPrompt } from '../notify/NotificationPrompt.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';
import { SITE_NAME_HI } from '../strings.ts';

/**
 * The current and the next game side by side where there is room, one above the other on a
 * phone; the cards inside keep their own bottom margin.
 */
const Now = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
  column-gap: 1rem;
  align-items: stretch;

  /* Both cards as tall as the taller one: the live widget, or the server's copy of it inside
     wrappers that have no box of their own (display: contents). */
  > [data-widget] section {
    box-sizing: border-box;
    height: calc(100% - 1rem);
  }
`;

/**
 * Home (docs/product.md, Home), in the order a visitor looks for things (issue 12, point 1):
 * the result of now and the next draw, today's and yesterday's table, the admin's banner and
 * notice, the clock, the month, then the ads and the agents.
 */
export function HomePage() {
  useDocumentTitle(TITLES[PATHS.home]);
  return (
    <>
      <h1>
        <VisuallyHidden>{SITE_NAME_HI}</VisuallyHidden>
      </h1>
      <Now>
        <RemoteWidget remote="mf-results" exposed="CurrentGame" />
        <RemoteWidget remote="mf-results" exposed="NextGame" />
      </Now>
      <RemoteWidget remote="mf-results" exposed="ResultTable" />
      {/* Below the first screen of a phone: laid out only when near (offscreen = usual height). */}
      <RemoteWidget remote="mf-results" exposed="Banner" offscreen="15rem" />
      <RemoteWidget remote="mf-results" exposed="Clock" offscreen="6rem" />
      <RemoteWidget remote="mf-results" exposed="MonthlyTable" offscreen="112rem" />
      <RemoteWidget remote="mf-results" exposed="Ads" offscreen="12rem" />
      <RemoteWidget remote="mf-agents" exposed="AgentCards" offscreen="80rem" />
      <RemoteWidget remote="mf-results" exposed="OfflineIndicator" />
      <NotificationPrompt />
    </>
  );
}
