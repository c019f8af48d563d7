/*
 * The server bundle's entry (`vite build --ssr src/server.tsx`): the shell's page frame and
 * routes for the render service, which supplies the remotes' widgets through ServerWidgets.
 */
import type { ReactNode } from 'react';
import { ServerPathProvider } from '@satta/shared/ui';
import { StaticRouter } from './router/router.tsx';
import { AppRoutes } from './App.tsx';
import { GlobalStyle } from './styles/GlobalStyle.ts';
import { ServerWidgetsContext, type ServerWidgetLookup } from './remotes/serverWidgets.ts';

export { pageHead } from './routes.ts';
export { SERVER_DATA_ID } from './serverData.ts';

/**
 * #root's content for one URL: the same tree as App's, without the browser-only splash. The
 * remotes, which have no router, read the URL's path through shared/ui's useCurrentPath.
 */
export function ServerPage({ url, widgets }: { url: string; widgets: ServerWidgetLookup }): ReactNode {
  return (
    <StaticRouter location={url}>
      <ServerPathProvider value={new URL(url, 'http://x').pathname}>
        <ServerWidgetsContext.Provider value={widgets}>
          <GlobalStyle />
          <div>
            <AppRoutes />
          </div>
        </ServerWidgetsContext.Provider>
      </ServerPathProvider>
    </StaticRouter>
  );
}
