import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { addStyledIds, workspacePath } from '../shared/build/styledIds.mjs';

/**
 * The servers as plain JavaScript, so that production runs `node server.mjs` with production
 * dependencies only and compiles no TypeScript at run time (`npm start` and the tests keep
 * running them from source with tsx).
 *
 * What is bundled and what is not, one rule for every server: the workspace's own code (the
 * server's `src/`, `server/hosting`, `@satta/shared`) is bundled by esbuild; every npm package
 * (react, firebase-admin, fastify, ...) stays an import, installed in the image by
 * `npm ci --omit=dev` from the package.json this build writes (`dependencies`: exactly the
 * packages the bundle imports, at the versions the tests ran with).
 *
 * - `server/render/dist/`: `server.mjs`, and `@satta/shared` as modules of their own
 *   (`shared/<folder>/<file>.mjs`, their common code in `chunks/`). The remotes' server bundles
 *   import `@satta/shared/...` and must get the very modules the service uses (one data service
 *   slot, one style sheet), so the service's loader hook (`builtHooks.mjs`) resolves those
 *   imports to these files, and the service's own code imports the same chunks.
 * - `server/notify/dist/`: `server.mjs`, and `admin-create.mjs` (provisioning an admin).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerBuild {
  /** The folder with the service's files. */
  dir: string;
  /** The file `node` starts. */
  main: string;
  /** The npm packages the built code imports, with the versions installed here. */
  dependencies: Record<string, string>;
}

/** Every npm package stays an import; `@satta/shared` is the workspace's own and is bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^@satta\/shared(\/|$)/ }, ({ path }) => ({ path: sharedSource(path) }));
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('node:') ? undefined : { path, external: true }));
  },
};

/** `@satta/shared/data` -> shared/data/index.ts, `@satta/shared/ui/Modal` -> shared/ui/Modal.tsx. */
function sharedSource(specifier: string): string {
  const sub = specifier.slice('@satta/shared/'.length);
  const base = join(ROOT, 'shared', sub.includes('/') ? sub : `${sub}/index`);
  for (const ext of ['.ts', '.tsx']) if (existsSync(base + ext)) return base + ext;
  throw new Error(`build-servers: ${specifier} is not a module of shared/`);
}

/**
 * The styled components of shared/ui get the ids the browser build gives them
 * (shared/build/styledIds.mjs), so the server's class names are the browser's. Like Vite's
 * plugin, the ids are added to the compiled JavaScript.
 */
const styledIds: Plugin = {
  name: 'styled-ids',
  setup(build) {
    build.onLoad({ filter: /[\\/]shared[\\/].*\.tsx?$/ }, async ({ path }) => {
      const source = readFileSync(path, 'utf8');
      const { code } = await transform(source, { loader: path.endsWith('.tsx') ? 'tsx' : 'ts', jsx: 'automatic', format: 'esm' });
      return { contents: addStyledIds(code, workspacePath(ROOT, path)) ?? code, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

const COMMON: BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outExtension: { '.js': '.mjs' },
  jsx: 'automatic',
  logLevel: 'warning',
  metafile: true,
  legalComments: 'none',
  // The output is read by people in production too (stack traces): not minified.
  minify: false,
  sourcemap: 'linked',
  plugins: [externalPackages, styledIds],
};

/** The npm packages a build imports, each with the version installed in this workspace. */
function dependenciesOf(metafile: Metafile | undefined): Record<string, string> {
  if (!metafile) throw new Error('build-servers: esbuild wrote no metafile');
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:')) continue;
      names.add(
        path
          .split('/')
          .slice(0, path.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    }
  }
  return Object.fromEntries([...names].sort().map((name) => [name, installedVersion(name)]));
}

function installedVersion(name: string): string {
  const file = join(ROOT, 'node_modules', name, 'package.json');
  if (!existsSync(file)) throw new Error(`build-servers: the bundle imports ${name}, which is not installed`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The non-test modules of shared/data, shared/domain and shared/ui, by their output name. */
function sharedEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const folder of ['data', 'domain', 'ui']) {
    for (const file of readdirSync(join(ROOT, 'shared', folder))) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file.endsWith('.d.ts')) continue;
      if (folder === 'data' && BROWSER_ONLY.test(file)) continue;
      entries[`shared/${folder}/${file.replace(/\.tsx?$/, '')}`] = join(ROOT, 'shared', folder, file);
    }
  }
  return entries;
}

/**
 * The npm packages an already built module imports (the shell's server bundle, which the
 * render service loads at run time: its imports must be installed beside the service too).
 */
export async function packagesImportedBy(file: string): Promise<Record<string, string>> {
  const result = await build({ ...COMMON, entryPoints: [file], write: false, outdir: join(ROOT, 'dist/.analyse') });
  return dependenciesOf(result.metafile);
}

/**
 * The admin's modules of shared/data, which run in the browser only, after sign-in: the Firebase
 * web SDK's session and commands, and what uses them. shared/data/admin.ts imports adminSdk and
 * adminCommands lazily, only they import the rest, and nothing the server renders calls it. The
 * render build leaves them out (an import of one fails, naming it), so the render image does not
 * carry the web SDK: its production install is 67 MB where it was 340, and `npm ci --omit=dev`
 * takes a fifth of the CPU.
 */
const BROWSER_ONLY = /^(adminSdk|adminCommands|gameNoticeCommands|firebaseStreams|auth)\.ts$/;
const browserOnly: Plugin = {
  name: 'browser-only',
  setup(build) {
    build.onResolve({ filter: /^\.\/\w+\.ts$/ }, ({ path, importer }) =>
      BROWSER_ONLY.test(path.slice(2)) && relative(ROOT, dirname(importer)) === join('shared', 'data')
        ? { path: path.slice(2), namespace: 'browser-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'browser-only' }, ({ path }) => ({
      contents: `throw new Error(${JSON.stringify(`shared/data/${path} is the admin's, in the browser only: the render service does not carry it`)});`,
      loader: 'js',
    }));
  },
};

export async function buildRender(): Promise<ServerBuild> {
  const dir = join(ROOT, 'server/render/dist');
  rmSync(dir, { recursive: true, force: true });
  const result = await build({
    ...COMMON,
    entryPoints: { server: join(ROOT, 'server/render/src/main.ts'), ...sharedEntries() },
    outdir: dir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    define: { RENDER_BUILT: 'true' },
    plugins: [browserOnly, ...(COMMON.plugins ?? [])],
  });
  for (const file of ['builtHooks.mjs', 'styledComponentsDefault.mjs']) cpSync(join(ROOT, 'server/render/src', file), join(dir, file));
  return { dir, main: 'server.mjs', dependencies: dependenciesOf(result.metafile) };
}

export async function buildNotify(): Promise<ServerBuild> {
  const dir = join(ROOT, 'server/notify/dist');
  rmSync(dir, { recursive: true, force: true });
  const result = await build({
    ...COMMON,
    entryPoints: { server: join(ROOT, 'server/notify/src/main.ts'), 'admin-create': join(ROOT, 'scripts/admin-create.ts') },
    outdir: dir,
  });
  return { dir, main: 'server.mjs', dependencies: dependenciesOf(result.metafile) };
}

export function buildServers(): Promise<ServerBuild[]> {
  return Promise.all([buildRender(), buildNotify()]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { dir, main, dependencies } of await buildServers()) {
    console.log(`build-servers: ${relative(ROOT, join(dir, main))} (imports ${Object.keys(dependencies).join(', ')})`);
  }
}
