import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.ts';
import { buildNotify, buildRender, packagesImportedBy, type ServerBuild } from './build-servers.ts';
import { allowScriptsFor, lockFor, type PackageLock } from './packageLock.ts';

/**
 * `npm run package [-- --out dist/package]`: the file tree of each service's container image,
 * one folder per service, made by the same steps as its Dockerfile expects, so that
 * `docker build dist/package/render` needs nothing else (Docker cannot build here; the
 * Dockerfiles COPY only what this writes, which `e2e/tests/production.e2e.ts` checks).
 *
 *   render/  Dockerfile, package.json + package-lock.json (production dependencies, at the
 *            versions the repository's lock has: scripts/packageLock.ts), server/
 *            (the built service, with assets/fonts/: the fonts of the link-preview images, found
 *            beside server.mjs), shell/ (the shell's build: page template, assets, its server
 *            bundle, config.json). The remotes' server bundles are read from the site at run
 *            time (RENDER_SITE), so a remote deployed alone reaches the pages without a new image.
 *   notify/  Dockerfile, package.json + package-lock.json, server/ (the built service and
 *            admin-create.mjs).
 *
 * Each folder runs with `npm ci --omit=dev` and `node server/server.mjs`: no TypeScript, no tsx.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOT_MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const ENGINES = ROOT_MANIFEST.engines;

export const SERVICES = ['render', 'notify'] as const;
export type Service = (typeof SERVICES)[number];
/** The render service's page template, assets and runtime config are the shell's build, in shell/. */
const START_ARGS: Record<Service, string> = { render: ' --config shell/config.json --mount /=shell', notify: '' };

/** Writes the service's package.json and the lock file `npm ci` installs from, cut from the repository's (scripts/packageLock.ts). */
function writePackage(dir: string, service: Service, built: ServerBuild): void {
  const manifest = {
    name: `satta-${service}`,
    private: true,
    version: '0.0.0',
    type: 'module',
    description: `The ${service} service, built by npm run package (scripts/package.ts): run with npm ci --omit=dev, then npm start.`,
    engines: ENGINES,
    // What the image's CMD runs (on 127.0.0.1 unless --host says otherwise).
    scripts: { start: `node --enable-source-maps server/${built.main}${START_ARGS[service]}` },
    dependencies: built.dependencies,
  };
  const lock = lockFor(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as PackageLock, manifest);
  // The repository's install-script decisions for the packages the image installs (npm 12 runs a
  // dependency's install script only when allowScripts says so; npm 11 lists those it does not cover).
  const allowScripts = allowScriptsFor(lock, ROOT_MANIFEST.allowScripts);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ ...manifest, allowScripts }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
}

export async function packageServices(out = join(ROOT, 'dist/package')): Promise<Record<Service, string>> {
  if (!(await buildStale())) throw new Error('package: the build failed');
  const [render, notify, shellImports] = await Promise.all([
    buildRender(),
    buildNotify(),
    // The shell's server bundle (the page frame and router) is loaded by the render service from shell/.
    packagesImportedBy(join(ROOT, 'shell/dist/server/widgets.mjs')),
  ]);
  render.dependencies = Object.fromEntries(Object.entries({ ...render.dependencies, ...shellImports }).sort());
  rmSync(out, { recursive: true, force: true });
  const dirs = { render: join(out, 'render'), notify: join(out, 'notify') };
  for (const [service, built] of [
    ['render', render],
    ['notify', notify],
  ] as const) {
    const dir = dirs[service];
    mkdirSync(dir, { recursive: true });
    cpSync(built.dir, join(dir, 'server'), { recursive: true });
    cpSync(join(ROOT, 'server', service, 'Dockerfile'), join(dir, 'Dockerfile'));
    cpSync(join(ROOT, 'server', 'dockerignore'), join(dir, '.dockerignore'));
    writePackage(dir, service, built);
  }
  cpSync(join(ROOT, 'shell/dist'), join(dirs.render, 'shell'), { recursive: true });
  // The link-preview images' fonts (server/render/src/previewText.ts finds them beside server.mjs).
  cpSync(join(ROOT, 'server/render/assets/fonts'), join(dirs.render, 'server/assets/fonts'), { recursive: true });
  return dirs;
}

/** Every file under `dir`, relative to it (for the summary and the tests). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const dirs = await packageServices(values.out ? resolve(values.out) : undefined);
  for (const [service, dir] of Object.entries(dirs)) {
    const files = filesUnder(dir);
    const deps = Object.keys((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
    console.log(`package: ${relative(ROOT, dir) || dir}: ${files.length} files; dependencies ${deps.join(', ')}`);
    if (!existsSync(join(dir, 'Dockerfile'))) throw new Error(`package: ${service} has no Dockerfile`);
  }
  console.log('package: build an image with `docker build dist/package/<service>`; run a folder with `npm ci --omit=dev && npm start`');
}
