import { register } from 'node:module';
import { BUILT } from './built.ts';

/*
 * styled-components ships CommonJS without an export map, so in Node's own ES module loader
 * `import styled from 'styled-components'` (what every widget writes) is the whole
 * module.exports object rather than `styled`; bundlers and vitest hide this. The hook sends that
 * import to a tiny module that re-exports the same CommonJS instance with the right default.
 * The same hooks give the styled components of shared/ui, which the service runs from source, the
 * ids the browser build gives them (shared/build/styledIds.mjs). Imported first by main.ts, before
 * any bundle is loaded.
 */
// The built service bundles shared/ itself, with the ids, and has hooks of its own (builtHooks.mjs).
register(BUILT ? './builtHooks.mjs' : './styledComponentsHook.mjs', import.meta.url);
