import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowScriptsFor, lockFor, undecidedInstallScripts, type PackageLock } from './packageLock.ts';

/** A repository lock: two packages the service uses, the rest dev tools' and a workspace. */
const ROOT: PackageLock = {
  name: 'repo',
  version: '0.0.0',
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: 'repo', devDependencies: { tool: '^1.0.0' } },
    'node_modules/web': {
      version: '2.0.0',
      integrity: 'sha512-web',
      dependencies: { util: '^1.0.0', codec: '^3.0.0' },
      optionalDependencies: { 'web-linux': '2.0.0', 'web-darwin': '2.0.0' },
    },
    'node_modules/web-linux': { version: '2.0.0', integrity: 'sha512-wl', optional: true, os: ['linux'] },
    // A dev tool's copy of util at the top; web's own, older copy nested under it.
    'node_modules/util': { version: '5.0.0', dev: true },
    'node_modules/web/node_modules/util': {
      version: '1.4.0',
      integrity: 'sha512-util1',
      peerDependencies: { react: '*', typescript: '*' },
      peerDependenciesMeta: { typescript: { optional: true } },
    },
    'node_modules/codec': { version: '3.1.0', integrity: 'sha512-codec', devOptional: true },
    'node_modules/react': { version: '19.0.0', integrity: 'sha512-react', peer: true },
    'node_modules/typescript': { version: '5.9.3', dev: true },
    'node_modules/tool': { version: '1.0.0', dev: true, dependencies: { util: '^5.0.0' } },
    'node_modules/admin': { version: '1.0.0', integrity: 'sha512-admin', dependencies: { web: '2.0.0' } },
    'node_modules/@satta/shared': { resolved: 'shared', link: true },
    shared: { name: '@satta/shared', version: '0.0.0' },
  },
};

const manifest = (dependencies: Record<string, string>) => ({
  name: 'satta-render',
  version: '0.0.0',
  engines: { node: '>=24' },
  dependencies,
});

describe("a service's lock, cut from the repository's", () => {
  it('has what the dependencies reach, at the same places and versions, as production packages', () => {
    expect(lockFor(ROOT, manifest({ web: '2.0.0' }))).toEqual({
      name: 'satta-render',
      version: '0.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'satta-render', version: '0.0.0', engines: { node: '>=24' }, dependencies: { web: '2.0.0' } },
        'node_modules/codec': { version: '3.1.0', integrity: 'sha512-codec' },
        'node_modules/react': { version: '19.0.0', integrity: 'sha512-react' },
        'node_modules/web': {
          version: '2.0.0',
          integrity: 'sha512-web',
          dependencies: { util: '^1.0.0', codec: '^3.0.0' },
          optionalDependencies: { 'web-linux': '2.0.0', 'web-darwin': '2.0.0' },
        },
        'node_modules/web-linux': { version: '2.0.0', integrity: 'sha512-wl', optional: true, os: ['linux'] },
        'node_modules/web/node_modules/util': {
          version: '1.4.0',
          integrity: 'sha512-util1',
          peerDependencies: { react: '*', typescript: '*' },
          peerDependenciesMeta: { typescript: { optional: true } },
        },
      },
    });
  });

  it('marks a package reached only through an optional dependency optional, and one reached both ways required', () => {
    const root: PackageLock = {
      ...ROOT,
      packages: {
        ...ROOT.packages,
        'node_modules/web-linux': {
          version: '2.0.0',
          integrity: 'sha512-wl',
          optional: true,
          dependencies: { codec: '^3.0.0', tiny: '^1.0.0' },
        },
        'node_modules/tiny': { version: '1.0.0', integrity: 'sha512-tiny', optional: true },
      },
    };
    const { packages } = lockFor(root, manifest({ web: '2.0.0' }));
    expect(packages['node_modules/tiny']).toEqual({ version: '1.0.0', integrity: 'sha512-tiny', optional: true });
    expect(packages['node_modules/codec']).toEqual({ version: '3.1.0', integrity: 'sha512-codec' });
  });

  it('refuses a dependency at another version, one the lock lacks, and a workspace, naming it', () => {
    expect(() => lockFor(ROOT, manifest({ web: '2.0.1' }))).toThrow(
      "package: web is 2.0.0 in the repository's package-lock.json, not 2.0.1",
    );
    expect(() => lockFor(ROOT, manifest({ fastify: '5.0.0' }))).toThrow(
      "package: fastify is not in the repository's package-lock.json; run npm install",
    );
    expect(() => lockFor(ROOT, manifest({ '@satta/shared': '0.0.0' }))).toThrow(
      'package: @satta/shared is a workspace of the repository, not a package from the registry',
    );
  });

  it('refuses a lock that lacks a required dependency of a package', () => {
    const { 'node_modules/codec': _codec, ...packages } = ROOT.packages;
    const root: PackageLock = { ...ROOT, packages };
    expect(() => lockFor(root, manifest({ admin: '1.0.0' }))).toThrow(
      "package: node_modules/web needs codec, which the repository's package-lock.json does not have",
    );
  });
});

describe("install scripts (package.json's allowScripts)", () => {
  it("every package of the repository's lock with an install script is decided, so npm 12 runs what the site needs", () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as PackageLock;
    const { allowScripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      allowScripts: Record<string, boolean>;
    };
    expect(undecidedInstallScripts(lock, allowScripts)).toEqual([]);
    // Node 24 itself (the `node` package's preinstall puts its binary in place) and esbuild's binary.
    expect(allowScripts).toMatchObject({ node: true, esbuild: true });
  });

  it('names each package with an install script and no decision, pinned or by name', () => {
    const root: PackageLock = {
      ...ROOT,
      packages: {
        ...ROOT.packages,
        'node_modules/web': { ...ROOT.packages['node_modules/web'], hasInstallScript: true },
        'node_modules/web/node_modules/util': { ...ROOT.packages['node_modules/web/node_modules/util'], hasInstallScript: true },
        'node_modules/tool': { ...ROOT.packages['node_modules/tool'], hasInstallScript: true },
      },
    };
    expect(undecidedInstallScripts(root, {})).toEqual(['tool@1.0.0', 'util@1.4.0', 'web@2.0.0']);
    expect(undecidedInstallScripts(root, { 'web@2.0.0': true, util: false })).toEqual(['tool@1.0.0']);
  });

  it("gives a service the decisions about the packages its lock installs, and no other's", () => {
    const decisions = { 'web@2.0.0': false, util: true, tool: true, '@scope/other@^1': true };
    expect(allowScriptsFor(lockFor(ROOT, manifest({ web: '2.0.0' })), decisions)).toEqual({ 'web@2.0.0': false, util: true });
    expect(allowScriptsFor(lockFor(ROOT, manifest({ react: '19.0.0' })), decisions)).toEqual({});
  });
});
