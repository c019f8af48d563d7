// Node module hooks (plain JS: they run in the loader thread, see nodeInterop.ts).
import { fileURLToPath } from 'node:url';
import { addStyledIds, workspacePath } from '../../../shared/build/styledIds.mjs';

const SHIM = new URL('./styledComponentsDefault.mjs', import.meta.url).href;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function resolve(specifier, context, next) {
  if (specifier === 'styled-components' && context.parentURL !== SHIM) return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}

/**
 * The workspace's own modules that the service runs from source (shared/ui, through tsx) get the
 * same styled-components ids as in the browser build. The built server bundles already have them.
 */
export async function load(url, context, next) {
  const result = await next(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || url.includes('/dist/') || result.format !== 'module') return result;
  if (result.source === undefined || result.source === null) return result;
  const path = fileURLToPath(url);
  if (!path.startsWith(ROOT)) return result;
  const code = typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
  const out = addStyledIds(code, workspacePath(ROOT, path));
  return out === undefined ? result : { ...result, source: out };
}
