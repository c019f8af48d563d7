import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * After `npm install` / `npm ci`: makes every native addon loadable by the project's Node (the
 * registry's `node` package, Node 24), whatever Node ran npm. npm itself may run on the machine's
 * own Node (20 here), and then node-gyp builds an addon for that Node's ABI, or for its headers
 * (npm's `nodedir`), so Node 24 refuses to load it ("compiled against a different Node.js
 * version"). Each addon is loaded in a child of Node 24; one that fails is rebuilt with Node 24
 * and the headers its package ships (`include/node`), so nothing is downloaded.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE_PACKAGE = join(ROOT, 'node_modules/node/node_modules');
const node = join(ROOT, 'node_modules/.bin/node');
const NODE_GYP = join(ROOT, 'node_modules/node-gyp/bin/node-gyp.js');

if (!existsSync(node)) {
  console.log('postinstall: node_modules/.bin/node is missing; native addons not checked');
  process.exit(0);
}
const headers = readdirSync(NODE_PACKAGE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('node-'))
  .map((entry) => join(NODE_PACKAGE, entry.name))
  .find((dir) => existsSync(join(dir, 'include/node/node.h')));

/** Package folders under node_modules (nested ones too) that build an addon with node-gyp. */
function addonPackages(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin' || entry.name === '.cache') continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      addonPackages(path, found);
      continue;
    }
    if (existsSync(join(path, 'binding.gyp')) && existsSync(join(path, 'package.json')) && entry.name !== 'node-gyp') {
      found.push(path);
    }
    if (existsSync(join(path, 'node_modules'))) addonPackages(join(path, 'node_modules'), found);
  }
  return found;
}

function builtAddons(dir) {
  const release = join(dir, 'build/Release');
  if (!existsSync(release)) return [];
  return readdirSync(release)
    .filter((name) => name.endsWith('.node'))
    .map((name) => join(release, name));
}

function loads(addon) {
  const result = spawnSync(node, ['-e', `require(${JSON.stringify(addon)})`], { encoding: 'utf8' });
  return result.status === 0;
}

const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
for (const dir of addonPackages(join(ROOT, 'node_modules'))) {
  const addons = builtAddons(dir);
  if (addons.length > 0 && addons.every(loads)) continue;
  const name = relative(join(ROOT, 'node_modules'), dir);
  console.log(`postinstall: rebuilding ${name} for Node ${version}`);
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
  if (headers) env.npm_config_nodedir = headers;
  if (!existsSync(NODE_GYP)) {
    console.warn(`postinstall: WARNING: ${name} does not load with Node ${version}, and node-gyp is not installed to rebuild it`);
    continue;
  }
  const rebuild = spawnSync(node, [NODE_GYP, 'rebuild', '-j', 'max'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (rebuild.status !== 0 || !builtAddons(dir).every(loads)) {
    console.warn(`${rebuild.stdout ?? ''}${rebuild.stderr ?? ''}`.split('\n').slice(-40).join('\n'));
    // No addon of the project needs one today (re2, firebase-tools' only one, is left out:
    // vendor/no-re2): say so loudly, but do not fail the install over it.
    console.warn(`postinstall: WARNING: ${name} could not be built for Node ${version}`);
  }
}
