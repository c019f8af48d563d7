import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initDataService, loadRuntimeConfig } from '@satta/shared/data';
import { registerRemotes } from './remotes/registry.ts';
import { App } from './App.tsx';
import { StartupError } from './StartupError.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

try {
  // One build for every environment: Firebase options and remote URLs come from /config.json.
  const config = await loadRuntimeConfig('/config.json');
  initDataService(config);
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
