import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { REMOTES, REMOTE_NAMES, WIDGETS_MODULE, type RemoteName } from '../shared/domain/remotes.ts';

/**
 * `npm run build`: builds the shell and each remote whose sources changed since its last build,
 * at most two at a time (a build takes one core and the machine has two), then assembles
 * dist/site, the folder Firebase Hosting deploys (shell at /, each remote at /remotes/<name>/).
 *
 *   tsx scripts/build.ts [--force] [app ...]
 *
 * An app is stale when the newest modification time among its own sources, the shared package
 * and the common build settings differs from the one recorded in its dist/.build-stamp.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The shell and every remote of the manifest (shared/domain/remotes.ts). */
export const APPS = ['shell', ...REMOTE_NAMES] as const;
export type App = (typeof APPS)[number];
const STAMP = '.build-stamp';
/** Not sources: an app's output, its dependencies, caches, and builds being swapped in. */
export const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
export const SKIP_PREFIXES = ['.dist-building-', '.dist-old-'];
/** Inputs of every app: a change to one makes them all stale. */
export const COMMON_INPUTS = ['shared', 'scripts/federation.ts', 'tsconfig.base.json', 'package-lock.json'];
/** Tests are no input of a build. */
export const TEST_FILE = /\.test\.tsx?$/;

/**
 * `countSelf` is off for an app's own folder: swapping its dist/ in changes that folder's time,
 * which must not make the app stale again.
 */
function newestMtime(path: string, countSelf = true): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return TEST_FILE.test(path) ? 0 : stat.mtimeMs;
  let newest = countSelf ? stat.mtimeMs : 0; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path)) {
    if (SKIP_DIRS.has(entry) || SKIP_PREFIXES.some((p) => entry.startsWith(p))) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function sourceStamp(app: App): string {
  const newest = Math.max(newestMtime(join(ROOT, app), false), ...COMMON_INPUTS.map((p) => newestMtime(join(ROOT, p))));
  return String(Math.round(newest));
}

export function isStale(app: App): boolean {
  const stamp = join(ROOT, app, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourceStamp(app);
}

function viteBin(app: App): string {
  // The workspace's own Vite (7.x) rather than whatever npm hoisted to the root.
  const own = join(ROOT, app, 'node_modules/vite/bin/vite.js');
  return existsSync(own) ? own : join(ROOT, 'node_modules/vite/bin/vite.js');
}

/**
 * Puts a finished build in place of dist/ with two renames, so a server that is serving dist/
 * meanwhile (a running stack, another test run) never sees it half-written or empty.
 */
function swapIn(app: App, building: string): void {
  const dist = join(ROOT, app, 'dist');
  const old = join(ROOT, app, `.dist-old-${process.pid}`);
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(building, dist);
  rmSync(old, { recursive: true, force: true });
}

/** Runs Vite in the app's folder; resolves with its exit status and output. */
function vite(app: App, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [viteBin(app), 'build', '--logLevel', 'warn', ...args], {
      cwd: join(ROOT, app),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * The shell (its page frame, `src/server.tsx`) and each public remote (its widgets,
 * `src/widgets.ts`) also get a server bundle, at dist/server/widgets.mjs, for the render
 * service; it is part of the same build so that the two bundles of one app are always deployed
 * together.
 */
function serverEntry(app: App): string | null {
  if (app === 'shell') return 'src/server.tsx';
  const remote = REMOTES[app as RemoteName];
  return remote?.public ? WIDGETS_MODULE : null;
}

async function buildOne(app: App): Promise<{ app: App; ok: boolean; output: string; ms: number }> {
  const stamp = sourceStamp(app); // taken before the build: an edit during it makes the app stale again
  const started = Date.now();
  const building = join(ROOT, app, `.dist-building-${process.pid}`);
  let result = await vite(app, ['--outDir', building, '--emptyOutDir']);
  const server = serverEntry(app);
  if (result.ok && server) {
    const ssr = await vite(app, ['--ssr', server, '--outDir', join(building, 'server'), '--emptyOutDir']);
    result = { ok: ssr.ok, output: result.output + ssr.output };
  }
  if (result.ok) {
    writeFileSync(join(building, STAMP), `${stamp}\n`);
    swapIn(app, building);
  } else {
    rmSync(building, { recursive: true, force: true });
  }
  return { app, ok: result.ok, output: result.output, ms: Date.now() - started };
}

/** Builds the given apps, `parallel` at a time; resolves with the names that failed. */
export async function buildApps(apps: readonly App[], parallel = Math.min(2, cpus().length)): Promise<App[]> {
  const queue = [...apps];
  const failed: App[] = [];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      console.log(`build: ${app}...`);
      const result = await buildOne(app);
      const noise = result.output
        .split('\n')
        .filter((l) => l.trim())
        .join('\n');
      if (result.ok) console.log(`build: ${app} done in ${(result.ms / 1000).toFixed(1)} s${noise ? `\n${noise}` : ''}`);
      else {
        console.error(`build: ${app} FAILED\n${result.output}`);
        failed.push(app);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return failed;
}

/** dist/site: the shell with every remote under /remotes/<name>/, as deployed to Hosting. */
export function assembleSite(): string {
  const site = join(ROOT, 'dist/site');
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  // The shell's server bundle belongs to the render service, not to the public site. A remote's
  // stays next to its remoteEntry.js: the render service finds it from the manifest's URL.
  cpSync(join(ROOT, 'shell/dist'), site, { recursive: true, filter: (source) => source !== join(ROOT, 'shell/dist/server') });
  for (const app of APPS) {
    if (app === 'shell') continue;
    cpSync(join(ROOT, app, 'dist'), join(site, 'remotes', app), { recursive: true });
  }
  for (const file of readdirSync(site, { recursive: true, withFileTypes: true })) {
    if (file.isFile() && file.name === STAMP) rmSync(join(file.parentPath, file.name));
  }
  return site;
}

/** Builds whatever is stale (all of `apps`, with force); returns false when a build failed. */
export async function buildStale(options: { force?: boolean; apps?: readonly App[] } = {}): Promise<boolean> {
  const candidates = options.apps?.length ? options.apps : APPS;
  const stale = candidates.filter((app) => options.force || isStale(app));
  if (stale.length === 0) console.log('build: everything is up to date');
  const failed = stale.length ? await buildApps(stale) : [];
  if (failed.length) {
    console.error(`build: failed: ${failed.join(', ')}`);
    return false;
  }
  if (stale.length || !existsSync(join(ROOT, 'dist/site/index.html'))) {
    if (APPS.every((app) => existsSync(join(ROOT, app, 'dist', STAMP)))) {
      console.log(`build: assembled ${relative(ROOT, assembleSite())}`);
    }
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const unknown = positionals.filter((p) => !(APPS as readonly string[]).includes(p));
  if (unknown.length) {
    console.error(`build: unknown app(s) ${unknown.join(', ')}; known: ${APPS.join(', ')}`);
    process.exit(2);
  }
  const ok = await buildStale({ force: values.force, apps: positionals as App[] });
  process.exit(ok ? 0 : 1);
}
