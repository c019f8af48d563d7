// A Node module resolution hook (plain JS: it runs in the loader thread, see nodeInterop.ts).
const SHIM = new URL('./styledComponentsDefault.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'styled-components' && context.parentURL !== SHIM) return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}
