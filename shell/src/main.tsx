import { StrictMode, startTransition } from 'react';
import { initDataService, loadRuntimeConfig } from '@satta/shared/data';
import { trustPageData } from '@satta/shared/ui';
import { BrowserRouter } from './router/router.tsx';
import { registerRemotes } from './remotes/registry.ts';
import { captureServerHtml } from './remotes/serverHtml.ts';
import { readServerData } from './serverData.ts';
import { App } from './App.tsx';
import { StartupError } from './StartupError.tsx';
import { fetchFontForNextViews } from './styles/fontLoading.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// A server-rendered page: keep each widget's HTML and the data it was rendered from before
// React replaces #root (see remotes/serverHtml.ts).
captureServerHtml(container);
const serverData = readServerData(document);
// A page fresh from the server, not the service worker's copy (sw.js marks those).
if (!document.documentElement.hasAttribute('data-page-copy')) trustPageData(serverData?.at);
const serverRendered = serverData !== undefined && container.firstElementChild !== null;

/** The request index.html started early, used once; a plain fetch if it is missing. */
function configFetch(): typeof fetch {
  const early = window.__sattaConfig;
  delete window.__sattaConfig;
  return early ? () => early : fetch;
}

try {
  // One build for every environment: Firebase options and remote URLs come from /config.json.
  const config = await loadRuntimeConfig('/config.json', configFetch());
  const data = initDataService(config, { seed: serverData?.entries, seedAt: serverData?.at });
  registerRemotes(config.remotes);
  // Starting the Firebase SDK, opening its connection and starting React are a slow phone's
  // largest pieces of start-up work (20-40 ms each with the CPU slowed 4x): each gets a task of
  // its own. The connection opens while the remotes' code loads, not after.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  await nextTask();
  data.connect();
  // react-dom is the largest module of the page: imported on its own, it is evaluated in a task
  // of its own instead of in the one that runs this module (with the CPU slowed 4x that task
  // grew past 80 ms). Its chunk was requested early by index.html's module preload.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  // Starting the render is a task of its own too: after react-dom's evaluation, that task was just
  // past 50 ms with the CPU slowed 4x.
  await nextTask();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydration adopts the server's attributes as they are, so a page rendered for another day
  // (kept in a cache over midnight, or a clock that differs) is rendered afresh instead.
  if (serverRendered && serverData.today === data.todayKey()) {
    // React adopts the server's DOM instead of building it again: the frame at once, each widget
    // when its remote's code arrives (its Suspense boundary in RemoteWidget); a part that does
    // not match is rendered afresh. In a transition, hydration is rendered in slices of a few
    // milliseconds, as the first render below is, rather than in one long task.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) =>
          console.warn('shell: a part of the page did not match the server and was rendered again', error, info.componentStack),
      });
    });
  } else {
    // A transition: React renders the page in slices of a few milliseconds and lets the browser
    // breathe in between, instead of one long task that a phone's touch would wait behind.
    startTransition(() => createRoot(container).render(app));
  }
  fetchFontForNextViews();
} catch (error) {
  console.error('shell: could not start', error);
  const { createRoot } = await import('react-dom/client');
  createRoot(container).render(<StartupError />);
}
