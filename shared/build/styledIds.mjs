// Plain JS: Vite configs import it, and so does the render service's Node loader hook, which runs
// in a thread of its own without tsx (server/render/src/styledComponentsHook.mjs).
import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';

/*
 * Stable styled-components ids, the same in the browser and on the server.
 *
 * Without a compiler plugin styled-components numbers its components in the order they are
 * created, and names every generated class after that number. The order differs between the
 * render service (shared UI, then the shell's frame, then each remote's server bundle) and the
 * browser (the shell, then remotes in whatever order they arrive), so the page the server sent
 * and the page React renders used different class names: at the takeover every widget injected
 * its rules again and the browser recalculated the style of the whole page.
 *
 * This transform gives each `styled.tag` and `styled(Component)` an explicit componentId from
 * its file (relative to the workspace) and its place in that file. Both builds then agree, and
 * the browser reuses the rules the server's <style> tag brought (styled-components rehydrates
 * them by id). It works on JavaScript, after TypeScript and JSX are compiled away, and expects
 * the default import to be called `styled`, as everywhere in this workspace.
 */

// `styled.div` or `styled(Card)`, used as a template tag directly or through `.attrs(...)`.
const STYLED_CALL = /(?<![\w$.])styled(?:\.[A-Za-z][\w]*|\([A-Za-z_$][\w$.]*\))(?=\s*(?:`|\.attrs\())/g;

/** The component id for the `index`-th styled component of `file` (a workspace-relative path). */
export function styledComponentId(file, index) {
  const digest = createHash('sha1').update(`${file}#${index}`).digest();
  // A letter first: the id is also a class name.
  return `sc-${(digest.readUInt32BE(0) >>> 0).toString(36).padStart(7, '0').slice(0, 7)}`;
}

/**
 * `code` with a `.withConfig({ componentId })` after each styled component's constructor, or
 * undefined when it has none. `file` is the module's path relative to the workspace root, with
 * forward slashes.
 */
export function addStyledIds(code, file) {
  if (!code.includes('styled')) return undefined;
  let index = 0;
  const out = code.replace(STYLED_CALL, (call) => `${call}.withConfig({componentId:"${styledComponentId(file, index++)}"})`);
  return index === 0 ? undefined : out;
}

/** A file's path relative to `root`, with forward slashes on every platform. */
export function workspacePath(root, file) {
  return relative(root, file).split(sep).join('/');
}

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/**
 * The Vite plugin. List it before the federation plugin: that one renames the shared imports.
 * It runs after Vite's own esbuild step, so it sees JavaScript.
 */
export function styledIds(root) {
  return {
    name: 'satta:styled-ids',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || file.includes('/node_modules/')) return null;
      const out = addStyledIds(code, workspacePath(root, file));
      return out === undefined ? null : { code: out, map: null };
    },
  };
}
