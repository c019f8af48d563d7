/**
 * A service image's package-lock.json, cut from the repository's own: the packages its
 * dependencies reach, at the versions and places the repository installs and tests, so that the
 * image runs exactly the tree the tests ran (not one resolved from the registry later), and
 * making it needs no network and no npm run.
 *
 * The repository's lock is a valid layout of node_modules, and a package's dependencies are found
 * by Node walking up from its folder. So the packages reached from the root, each at the same
 * path, form a valid layout too: every package finds in it what it found before.
 */

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface PackageLock {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

/** Where Node finds `name` from the package at `from` ('' is the root): its folder, nearest first. */
function resolve(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const path = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[path]) return path;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/** A package's edges: `required` false for its optional dependencies. Optional peers are left out (npm installs them only for another reason). */
function edges(entry: LockEntry): { name: string; required: boolean }[] {
  const optionalPeers = new Set(Object.entries(entry.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta.optional ? [name] : [])));
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, required: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !optionalPeers.has(name))
      .map((name) => ({ name, required: true })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, required: false })),
  ];
}

/**
 * The lock of a package `name`@`version` whose production dependencies are `dependencies`
 * (exact versions), cut from `root`. Throws, naming it, for a dependency the root lock does not
 * have at that version, or one the root installs as a link (a workspace).
 */
export function lockFor(
  root: PackageLock,
  manifest: { name: string; version: string; engines?: Record<string, string>; dependencies: Record<string, string> },
): PackageLock {
  const all = root.packages;
  const reached = new Map<string, boolean>(); // path → reached by required edges only
  const queue: { path: string; required: boolean }[] = [];
  for (const [name, version] of Object.entries(manifest.dependencies)) {
    const path = `node_modules/${name}`;
    const entry = all[path];
    if (!entry) throw new Error(`package: ${name} is not in the repository's package-lock.json; run npm install`);
    if (entry.link) throw new Error(`package: ${name} is a workspace of the repository, not a package from the registry`);
    if (entry.version !== version)
      throw new Error(`package: ${name} is ${entry.version} in the repository's package-lock.json, not ${version}`);
    queue.push({ path, required: true });
  }
  while (queue.length > 0) {
    const { path, required } = queue.shift() as { path: string; required: boolean };
    const before = reached.get(path);
    // Visited already, and as required as now: nothing new below it.
    if (before === true || (before === false && !required)) continue;
    reached.set(path, required);
    const entry = all[path] as LockEntry;
    if (entry.link) throw new Error(`package: ${path} is a link in the repository's package-lock.json`);
    for (const edge of edges(entry)) {
      const target = resolve(all, path, edge.name);
      // An optional dependency for another platform may be absent from the lock; a required one may not.
      if (!target) {
        if (edge.required) throw new Error(`package: ${path} needs ${edge.name}, which the repository's package-lock.json does not have`);
        continue;
      }
      queue.push({ path: target, required: required && edge.required });
    }
  }
  const packages: Record<string, LockEntry> = {
    '': {
      name: manifest.name,
      version: manifest.version,
      dependencies: manifest.dependencies,
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    },
  };
  for (const path of [...reached.keys()].sort()) {
    const { dev: _dev, optional: _optional, devOptional: _devOptional, peer: _peer, ...entry } = all[path] as LockEntry;
    packages[path] = reached.get(path) ? entry : { ...entry, optional: true };
  }
  return { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages };
}

/** The package a lock path installs: `node_modules/a/node_modules/@s/b` → `@s/b`. */
function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** An `allowScripts` key's package: `pkg`, `pkg@1.2.3`, `@scope/pkg@^1` → the name alone. */
function decisionName(key: string): string {
  return key.replace(/(?<=.)@[^@/]*$/, '');
}

/**
 * The install-script decisions of `allowScripts` (package.json's field: a package → may its
 * install script run) that concern a package `lock` installs, for a service's own package.json.
 */
export function allowScriptsFor(lock: PackageLock, allowScripts: Readonly<Record<string, boolean>>): Record<string, boolean> {
  const installed = new Set(
    Object.keys(lock.packages)
      .filter((path) => path.includes('node_modules/'))
      .map(packageName),
  );
  return Object.fromEntries(Object.entries(allowScripts).filter(([key]) => installed.has(decisionName(key))));
}

/** The packages of `lock` with an install script that `allowScripts` decides nothing about, sorted. */
export function undecidedInstallScripts(lock: PackageLock, allowScripts: Readonly<Record<string, boolean>>): string[] {
  const decided = new Set(Object.keys(allowScripts).map(decisionName));
  const undecided = Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && entry.hasInstallScript === true && !decided.has(packageName(path)))
    .map(([path, entry]) => `${packageName(path)}@${entry.version ?? '?'}`);
  return [...new Set(undecided)].sort();
}
