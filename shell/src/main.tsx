import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initDataService, loadRuntimeConfig } from '@satta/shared/data';
import { registerRemotes } from './remotes/registry.ts';
import { captureServerHtml } from './remotes/serverHtml.ts';
import { readServerData } from './serverData.ts';
import { App } from './App.tsx';
import { StartupError } from './StartupError.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// A server-rendered page: keep each widget's HTML and the data it was rendered from before
// React replaces #root (see remotes/serverHtml.ts).
captureServerHtml(container);
const serverData = readServerData(document);
const root = createRoot(container);

/** The request index.html started early, used once; a plain fetch if it is missing. */
function configFetch(): typeof fetch {
  const early = window.__sattaConfig;
  delete window.__sattaConfig;
  return early ? () => early : fetch;
}

try {
  // One build for every environment: Firebase options and remote URLs come from /config.json.
  const config = await loadRuntimeConfig('/config.json', configFetch());
  initDataService(config, { seed: serverData?.entries, seedAt: serverData?.at });
  registerRemotes(config.remotes);
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
} catch (error) {
  console.error('shell: could not start', error);
  root.render(<StartupError />);
}
