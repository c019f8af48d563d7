import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run typecheck`: strict TypeScript over every project.
 *
 * The projects' own tsconfig.json files stay what editors and tools read. Checking them one by
 * one made TypeScript load and check shared/ (and the npm packages' types) once per project, 13
 * times: about 160 s of CPU. Projects whose compiler options are the same (after `extends`) are
 * checked together instead, as one program over the union of their files: the node projects
 * (shared, the servers, scripts, rules, e2e) and the browser ones (shell and the remotes, with
 * vite/client), two programs run side by side. Every file is checked with exactly its project's
 * options. Each program is incremental (its .tsbuildinfo in node_modules/.cache/typecheck): a
 * second run checks only what changed.
 *
 * The checker is TypeScript 7, the native compiler (the `typescript-7` package, an alias of
 * typescript@7): from cold, about 16 s of CPU where TypeScript 5.9 took 62 s (2026-11-28). The
 * `typescript` 5.9 package stays for typescript-eslint, whose parser needs the JavaScript API that
 * TypeScript 7 does not ship, and for editors; the code must pass both (the projects' own
 * `typecheck` scripts run whichever `tsc` npm linked).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PROJECTS = [
  'shared',
  'server/rtdb',
  'server/notify',
  'server/render',
  'scripts',
  'rules',
  'shell',
  'mf-results',
  'mf-chart',
  'mf-agents',
  'mf-fun',
  'mf-admin',
  'e2e',
].filter((dir) => existsSync(join(ROOT, dir, 'tsconfig.json')));

/** A tsconfig.json without comments (they use none today, but JSON with comments is allowed). */
function readConfig(file) {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(text);
}

/** The compiler options of a project after its `extends` chain, and its include/exclude from the repository root. */
function resolvedProject(dir) {
  let options = {};
  const chain = [];
  for (let file = join(ROOT, dir, 'tsconfig.json'); file;) {
    const config = readConfig(file);
    chain.unshift(config.compilerOptions ?? {});
    file = config.extends ? join(dirname(file), config.extends) : null;
  }
  for (const part of chain) options = { ...options, ...part };
  const own = readConfig(join(ROOT, dir, 'tsconfig.json'));
  const fromRoot = (pattern) => relative(ROOT, join(ROOT, dir, pattern)) || '.';
  return {
    dir,
    options,
    include: (own.include ?? ['**/*']).map(fromRoot),
    exclude: [...(own.exclude ?? []).map(fromRoot), `${dir === '.' ? '' : `${dir}/`}**/node_modules`],
    files: (own.files ?? []).map(fromRoot),
  };
}

/** Options that hold paths relative to their tsconfig: a project with one is checked alone, from its own file. */
const PATH_OPTIONS = ['baseUrl', 'paths', 'typeRoots', 'rootDir', 'rootDirs', 'outDir', 'declarationDir'];

/** Projects with equal compiler options, each group one program. */
export function groups(projects = PROJECTS) {
  const byOptions = new Map();
  for (const project of projects.map(resolvedProject)) {
    const alone = PATH_OPTIONS.some((option) => option in project.options);
    const key = alone ? `alone:${project.dir}` : JSON.stringify(Object.entries(project.options).sort(([a], [b]) => (a < b ? -1 : 1)));
    const group = byOptions.get(key) ?? { options: project.options, projects: [] };
    group.projects.push(project);
    byOptions.set(key, group);
  }
  return [...byOptions.values()];
}

function check(group, index) {
  const first = group.projects[0].dir;
  const name = group.projects.length === 1 ? first.replace(/\//g, '-') : `group-${index + 1}`;
  const tsc = join(ROOT, 'node_modules/typescript-7/bin/tsc');
  // The program's files are found from here: the compiler options' `types` (vite/client) resolve as
  // from the first project's folder, which may have packages of its own (the apps' Vite 7).
  const CACHE = join(ROOT, existsSync(join(ROOT, first, 'node_modules')) ? first : '.', 'node_modules/.cache/typecheck');
  mkdirSync(CACHE, { recursive: true });
  const info = ['--incremental', '--tsBuildInfoFile', join(CACHE, `${name}.tsbuildinfo`)];
  if (group.projects.length === 1) return run(group, [tsc, '-p', join(ROOT, first), '--noEmit', ...info]);
  const config = join(CACHE, `tsconfig.${name}.json`);
  // Paths in a tsconfig are relative to the file itself.
  const here = (path) => relative(CACHE, join(ROOT, path));
  const files = group.projects.flatMap((p) => p.files).map(here);
  writeFileSync(
    config,
    JSON.stringify(
      {
        compilerOptions: { ...group.options, noEmit: true },
        include: group.projects.flatMap((p) => p.include).map(here),
        exclude: group.projects.flatMap((p) => p.exclude).map(here),
        ...(files.length ? { files } : {}),
      },
      null,
      2,
    ),
  );
  return run(group, [tsc, '-p', config, ...info]);
}

function run(group, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ dirs: group.projects.map((p) => p.dir), code, output: output.trim() }));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await Promise.all(groups().map(check));
  for (const result of results) console.log(`typecheck: ${result.dirs.join(', ')} ${result.code === 0 ? 'ok' : 'FAILED'}`);
  for (const result of results) if (result.code !== 0) console.error(`\n--- ${result.dirs.join(', ')}\n${result.output}`);
  process.exit(results.every((r) => r.code === 0) ? 0 : 1);
}
