// Node module hooks of the built render service (scripts/build-servers.ts copies this file next
// to server.mjs; from source the service registers styledComponentsHook.mjs instead).
const SHIM = new URL('./styledComponentsDefault.mjs', import.meta.url).href;
const SHARED = new URL('./shared/', import.meta.url);

/**
 * The remotes' server bundles import `@satta/shared/...` (and the shell's frame too): they get
 * the service's own built modules (`shared/data/index.mjs`, `shared/ui/Modal.mjs`, ...), whose
 * common code lives in the same chunks as the service's, so a page has one data service slot
 * and one style sheet. `styled-components` goes to the shim with the bundlers' default export,
 * as from source (see nodeInterop.ts).
 */
export async function resolve(specifier, context, next) {
  if (specifier === 'styled-components' && context.parentURL !== SHIM) return { url: SHIM, shortCircuit: true };
  if (specifier.startsWith('@satta/shared/')) {
    const sub = specifier.slice('@satta/shared/'.length);
    const file = sub.includes('/') ? `${sub}.mjs` : `${sub}/index.mjs`;
    return { url: new URL(file, SHARED).href, shortCircuit: true };
  }
  return next(specifier, context);
}
