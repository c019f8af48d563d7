import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REMOTES,
  REMOTE_NAMES,
  WIDGETS_MODULE,
  federationExposes,
  type RemoteManifestEntry,
  type RemoteName,
} from '../shared/domain/remotes.ts';
import { styledIds } from '../shared/build/styledIds.mjs';
import { sharedVersionCheck } from './sharedVersionCheck.ts';

/**
 * Module Federation settings common to the shell and the five remotes, so that every build
 * agrees on what is shared. The plugin matches shared modules by their exact import specifier,
 * so each subpath that code imports ('react-dom/client', '@satta/shared/data/react', ...) is
 * listed on its own.
 */
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

// The list of remotes and their exposed modules is shared/domain/remotes.ts (the manifest).
export { REMOTE_NAMES, type RemoteName };

/** The file every remote publishes at the root of its dist/ (and of its deployed folder). */
export const REMOTE_ENTRY = 'remoteEntry.js';

interface SharedEntry {
  version: string;
  requiredVersion: string;
  /** Host only: a <link rel="modulepreload"> in index.html, fetched in parallel at once. */
  modulePreload?: boolean;
  /** false: no fallback copy in this build; the module must come from the host. */
  generate?: boolean;
}

/**
 * npm packages shared as single instances, with the subpaths that code imports. The router is
 * the shell's own (shell/src/router/): remotes link and redirect through shared/ui's RouteLink
 * and navigateTo.
 */
const PACKAGES: Record<string, string[]> = {
  react: ['react', 'react/jsx-runtime'],
  'styled-components': ['styled-components'],
  rxjs: ['rxjs'],
};

function installedVersion(pkg: string): string {
  const file = join(ROOT, 'node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The entry points of the workspace package `@satta/shared` that the apps import and that must
 * exist once per page: the data service (one instance, one live stream) with its hooks, and the
 * UI primitives (one theme, one set of styled components). Only these are shared, so each is one
 * chunk holding the modules behind it (not a chunk per file), and the admin's modules (the
 * Firebase SDK, the commands) stay in chunks that only the dashboard loads. `domain/` is left
 * out on purpose: it is pure functions and constants without state, so each bundle keeps its own
 * copy. `scripts/federation.test.ts` fails when an app imports another module of the package.
 */
export const SHARED_ENTRY_POINTS = ['@satta/shared/data', '@satta/shared/ui'] as const;

function sharedPackageModules(): readonly string[] {
  return SHARED_ENTRY_POINTS;
}

/**
 * The shell needs every shared module before its first render, and each is a separate chunk that
 * it reaches through `await importShared(...)` one after the other. Preloading them from
 * index.html turns that chain of round trips into one parallel batch. (Vite's own
 * build.modulePreload stays off: its helper does not understand federated imports.)
 */
function preload(role: SharedOptions['role']): Pick<SharedEntry, 'modulePreload'> {
  return role === 'host' ? { modulePreload: true } : {};
}

export interface SharedOptions {
  /** Remotes skip their fallback copy of the data service: it only ever runs inside the shell. */
  role: 'host' | 'remote';
}

export function sharedConfig({ role }: SharedOptions): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const [pkg, specifiers] of Object.entries(PACKAGES)) {
    const version = installedVersion(pkg);
    // Same major and at least this minor: the host's copy wins, a remote built against an older
    // compatible version still accepts it.
    const requiredVersion = `^${version.split('.').slice(0, 2).join('.')}.0`;
    for (const specifier of specifiers) shared[specifier] = { version, requiredVersion, ...preload(role) };
  }
  const sharedVersion = (JSON.parse(readFileSync(join(ROOT, 'shared/package.json'), 'utf8')) as { version: string }).version;
  for (const specifier of sharedPackageModules()) {
    shared[specifier] = {
      version: sharedVersion,
      requiredVersion: `^${sharedVersion}`,
      ...preload(role),
      // A remote's own copy of the data service would bundle the Firebase SDK a second time and
      // open a second connection; it is never wanted, so it is not even built.
      ...(role === 'remote' && specifier.startsWith('@satta/shared/data') ? { generate: false } : {}),
    };
  }
  return shared;
}

/**
 * Build settings every app needs for federation to work (see docs/architecture.md, "What is
 * shared at run time").
 */
export const federationBuild = {
  target: 'esnext',
  modulePreload: false,
  cssCodeSplit: false,
  minify: true,
  sourcemap: false,
} as const;

/**
 * JSX with React's automatic runtime, compiled by Vite's own esbuild step. @vitejs/plugin-react
 * is not used: in a production build it only sets this, and the copy npm hoisted to the root
 * loads the root's Vite 8 at run time and configures Vite 8 options that Vite 7 ignores. Its
 * remaining feature, fast refresh, needs a dev server, and remotes are only ever built.
 */
export const jsxOptions = { jsx: 'automatic', jsxImportSource: 'react' } as const;

/** The workspace's root, for configs that need absolute paths. */
export const WORKSPACE_ROOT = ROOT;

/**
 * Plugins of every build, browser and server alike: styled-components ids that do not depend on
 * the order modules load in (see shared/build/styledIds.mjs), and the federation runtime's
 * version check of the ranges we write, small and quick (see sharedVersionCheck.ts). They must come before
 * the federation plugin.
 */
export function commonPlugins() {
  return [styledIds(ROOT), sharedVersionCheck()];
}

/** Where a remote's server bundle lands, next to its browser bundle. */
export const SERVER_BUNDLE = 'server/widgets.mjs';

/**
 * Kept out of the server bundle: the render service supplies its single copies, so the widgets,
 * the shell's frame and the service share one React, one styled-components style sheet and one
 * data service slot.
 */
const SERVER_EXTERNAL = /^(react|react-dom|styled-components|rxjs|@satta\/shared)(\/|$)/;

/**
 * The server build of an app (`vite build --ssr src/widgets.ts`, the shell's `src/server.tsx`): one ES module, no federation
 * runtime, everything shared left to the render service. Used by the shell (its page frame) and
 * by each public remote (the widgets its federation `exposes` map names).
 */
export function serverViteConfig() {
  return {
    esbuild: jsxOptions,
    plugins: commonPlugins(),
    // public/ is the browser build's; the server folder holds only the bundle.
    publicDir: false,
    build: {
      target: 'node20',
      minify: false,
      sourcemap: false,
      emptyOutDir: true,
      // Asset URLs (the shell's font) must be the site's, as in the browser build.
      ssrEmitAssets: false,
      rollupOptions: {
        external: (id: string) => SERVER_EXTERNAL.test(id),
        output: { entryFileNames: 'widgets.mjs', inlineDynamicImports: true },
      },
    },
  };
}

/**
 * The Vite config of one remote: its exposed modules (from the manifest, shared/domain/remotes.ts),
 * the common share list, and a relative base so that its chunks load from wherever remoteEntry.js
 * is deployed (any path, any origin). With `--ssr` it is the server bundle of the same widgets
 * instead (see serverViteConfig).
 */
export function remoteViteConfig(name: RemoteName) {
  const exposes = federationExposes(name);
  return async ({ isSsrBuild }: { isSsrBuild?: boolean }) => {
    if (isSsrBuild) return serverViteConfig();
    const { default: federation } = await import('@originjs/vite-plugin-federation');
    return {
      base: './',
      esbuild: jsxOptions,
      plugins: [...commonPlugins(), federation({ name, filename: REMOTE_ENTRY, exposes, shared: sharedConfig({ role: 'remote' }) })],
      build: {
        ...federationBuild,
        outDir: 'dist',
        emptyOutDir: true,
        // remoteEntry.js lands at dist/remoteEntry.js, the URL the runtime manifest points to.
        assetsDir: '',
        rollupOptions: { output: { manualChunks: remoteChunks } },
      },
    };
  };
}

/**
 * A remote's own code (its src/ and the shared/domain it uses) in the one chunk of its widgets
 * module, instead of a chunk per module that the federation runtime also imports (four or five
 * requests of a few hundred bytes each). npm packages, the federation runtime and the shared
 * entry points (which come from the shell) keep theirs.
 */
/**
 * The shell's leaf modules of @satta/shared (the pure domain rules and the data layer's paths,
 * types and errors, which import nothing of the federation) in one chunk, instead of one per module that
 * the shell's entry and the shared entry points have in common. Only leaves: a chunk holding a
 * module that awaits a shared import would form a cycle of top-level awaits with the entry
 * points, which never resolves.
 */
export function shellChunks(id: string): string | undefined {
  // Rollup's helper for CommonJS packages (react's), a leaf too: not a request of its own.
  if (id === '\0commonjsHelpers.js') return 'domain';
  if (!id.startsWith(ROOT) || id.includes('/node_modules/')) return undefined;
  return /[\\/]shared[\\/](domain[\\/][^\\/]+|data[\\/](paths|types|errors))\.ts$/.test(id) ? 'domain' : undefined;
}

function remoteChunks(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined {
  if (!id.startsWith(ROOT) || id.includes('/node_modules/') || /[\\/]shared[\\/](data|ui)[\\/]/.test(id)) return undefined;
  // The exposed module itself stays the entry the federation plugin names in remoteEntry.js.
  if (id.endsWith(`/${WIDGETS_MODULE}`)) return undefined;
  // Only what the widgets import: a module of shared/domain that only the fallback copies of the
  // shared entry points reach (never loaded inside the shell) must not ride along in every visit.
  return importedByWidgets(id, getModuleInfo) ? 'code' : undefined;
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad` as the file's first line) on
 * react-dom's client chunk, whose functions nearly all run while the page starts: Chrome compiles
 * them while the file downloads, off the main thread, instead of one by one on it as each is first
 * called. With the CPU slowed 4x, the task that evaluates the chunk went from about 75 to 63 ms.
 * Added once the chunk is minified (the minifier drops comments) and named: the name's hash is
 * that of the code without the line, which never changes.
 */
export function compileHint(): Plugin {
  return {
    name: 'satta:compile-hint',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (
          chunk.type === 'chunk' &&
          chunk.isDynamicEntry &&
          chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/.test(id))
        )
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** Whether a module of the build is statically imported, directly or not, by the remote's own src/. */
function importedByWidgets(id: string, getModuleInfo: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  if (/[\\/]mf-[a-z]+[\\/]src[\\/]/.test(id)) return true;
  return (getModuleInfo(id)?.importers ?? []).some((importer) => importedByWidgets(importer, getModuleInfo, seen));
}

/**
 * Where shell/src/remotes.d.ts and the manifest (shared/domain/remotes.ts) disagree, one line per
 * module: a `declare module` (or a line of SattaRemoteModules) missing for an exposed module, or
 * one for a module no remote exposes. Empty when they agree. TypeScript cannot generate the
 * declarations from the manifest, so this comparison is what keeps the two in step.
 */
export function remoteTypeProblems(dts: string, remotes: Readonly<Record<string, RemoteManifestEntry>> = REMOTES): string[] {
  const exposed = new Set(Object.entries(remotes).flatMap(([name, remote]) => Object.keys(remote.exposes).map((e) => `${name}/${e}`)));
  const declared = new Set([...dts.matchAll(/^declare module '([^']+)'/gm)].map((m) => m[1] ?? ''));
  const typed = new Map<string, string>();
  for (const m of dts.matchAll(/(\w+): typeof import\('([^']+)'\)/g)) typed.set(m[2] ?? '', m[1] ?? '');
  const problems: string[] = [];
  const dtsFile = 'shell/src/remotes.d.ts';
  for (const specifier of exposed) {
    if (!declared.has(specifier)) problems.push(`${dtsFile} has no declare module '${specifier}' (exposed in shared/domain/remotes.ts)`);
    if (!typed.has(specifier))
      problems.push(`${dtsFile} SattaRemoteModules has no entry for '${specifier}' (exposed in shared/domain/remotes.ts)`);
  }
  for (const specifier of declared) {
    if (!exposed.has(specifier)) problems.push(`${dtsFile} declares module '${specifier}', which shared/domain/remotes.ts does not expose`);
  }
  for (const [specifier, key] of typed) {
    if (!exposed.has(specifier))
      problems.push(`${dtsFile} SattaRemoteModules types '${specifier}', which shared/domain/remotes.ts does not expose`);
    else if (specifier.split('/')[1] !== key)
      problems.push(`${dtsFile} SattaRemoteModules lists '${specifier}' as ${key}, not ${specifier.split('/')[1]}`);
  }
  return problems;
}
