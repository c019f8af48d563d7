import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_REMOTE_NAMES, REMOTES, REMOTE_NAMES, federationExposes } from '../shared/domain/remotes.ts';
import { SHARED_ENTRY_POINTS, WORKSPACE_ROOT, compileHint, remoteTypeProblems } from './federation.ts';

/*
 * The manifest of remotes (shared/domain/remotes.ts) against what still has to be written by
 * hand elsewhere: the shell's module declarations, each remote's folder, vite config and server
 * entry. Adding an exposed module in one place only fails here.
 */

const read = (path: string) => readFileSync(join(WORKSPACE_ROOT, path), 'utf8');

describe('the manifest of remotes', () => {
  it('lists the five remotes, all but mf-admin rendered on the server', () => {
    expect(REMOTE_NAMES).toEqual(['mf-results', 'mf-chart', 'mf-agents', 'mf-fun', 'mf-admin']);
    expect(PUBLIC_REMOTE_NAMES).toEqual(['mf-results', 'mf-chart', 'mf-agents', 'mf-fun']);
  });

  it('gives the federation plugin one exposed module per remote, its widgets by name', () => {
    expect(federationExposes('mf-agents')).toEqual({ './widgets': './src/widgets.ts' });
  });

  it('matches the mf-* folders of the workspace', () => {
    const folders = readdirSync(WORKSPACE_ROOT).filter(
      (name) => name.startsWith('mf-') && existsSync(join(WORKSPACE_ROOT, name, 'package.json')),
    );
    expect(folders.sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it.each(REMOTE_NAMES)('%s: every exposed source file exists', (name) => {
    const missing = Object.values(REMOTES[name].exposes).filter((file) => !existsSync(join(WORKSPACE_ROOT, name, file)));
    expect(missing).toEqual([]);
  });

  it.each(REMOTE_NAMES)('%s: vite.config.ts takes its exposes from the manifest', (name) => {
    const config = read(`${name}/vite.config.ts`);
    expect(config).toContain(`remoteViteConfig('${name}')`);
    expect(config).not.toMatch(/exposes|\.\/src\//);
  });

  it.each(REMOTE_NAMES)('%s: src/widgets.ts exports exactly the exposed modules, from the same files', (name) => {
    const exported = [...read(`${name}/src/widgets.ts`).matchAll(/export \{ default as (\w+) \} from '\.\/([^']+)'/g)].map((m) => [
      m[1],
      `src/${m[2]}`,
    ]);
    expect(Object.fromEntries(exported)).toEqual(REMOTES[name].exposes);
  });

  it('is what shell/src/remotes.d.ts declares, both ways', () => {
    expect(remoteTypeProblems(read('shell/src/remotes.d.ts'))).toEqual([]);
  });
});

describe('the shared entry points', () => {
  /** Every `@satta/shared/data...` and `@satta/shared/ui...` specifier the shell's and the remotes' sources import. */
  function importedSharedSpecifiers(): string[] {
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(WORKSPACE_ROOT, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.includes('/testing/')) {
          for (const m of read(path).matchAll(/from '(@satta\/shared\/(?:data|ui)[^']*)'/g)) found.add(m[1] ?? '');
        }
      }
    };
    for (const app of ['shell', ...REMOTE_NAMES]) walk(`${app}/src`);
    return [...found].sort();
  }

  it('are the only modules of @satta/shared/data and /ui that an app imports (each one chunk, one instance per page)', () => {
    expect(importedSharedSpecifiers()).toEqual(['@satta/shared/data', '@satta/shared/ui']);
    expect([...SHARED_ENTRY_POINTS].sort()).toEqual(importedSharedSpecifiers());
  });
});

describe('compileHint', () => {
  it("puts V8's compile hint first in react-dom's client chunk only", () => {
    const chunk = (code: string, moduleIds: string[], isDynamicEntry = true) => ({ type: 'chunk', code, moduleIds, isDynamicEntry });
    const bundle = {
      'assets/client-a1.js': chunk('import{r}from"./index-b2.js";', [
        '/repo/node_modules/react-dom/cjs/react-dom-client.production.js',
        '/repo/node_modules/react-dom/client.js',
      ]),
      'assets/index-b2.js': chunk('export const r=1;', ['/repo/node_modules/react-dom/index.js'], false),
      'assets/Widgets-c3.js': chunk('export{};', ['/repo/mf-results/src/widgets.ts']),
    };
    const generateBundle = compileHint().generateBundle as (options: unknown, bundle: unknown) => void;
    generateBundle.call({}, {}, bundle);
    expect(bundle['assets/client-a1.js'].code).toBe('//# allFunctionsCalledOnLoad\nimport{r}from"./index-b2.js";');
    expect(bundle['assets/index-b2.js'].code).toBe('export const r=1;');
    expect(bundle['assets/Widgets-c3.js'].code).toBe('export{};');
  });
});

describe('remoteTypeProblems', () => {
  const manifest = {
    'mf-fun': { public: true, exposes: { LuckyNumberPage: 'src/pages/LuckyNumberPage.tsx', SlotMachine: 'src/widgets/SlotMachine.tsx' } },
  };
  const declaration = (specifier: string) =>
    `declare module '${specifier}' {\n  const Component: import('react').ComponentType;\n  export default Component;\n}\n`;
  const modules = (...lines: string[]) => `interface SattaRemoteModules {\n  'mf-fun': { ${lines.join('; ')} };\n}\n`;
  const lucky = "LuckyNumberPage: typeof import('mf-fun/LuckyNumberPage')";
  const slot = "SlotMachine: typeof import('mf-fun/SlotMachine')";

  it('finds nothing when the declarations match', () => {
    const dts = declaration('mf-fun/LuckyNumberPage') + declaration('mf-fun/SlotMachine') + modules(lucky, slot);
    expect(remoteTypeProblems(dts, manifest)).toEqual([]);
  });

  it('names an exposed module that remotes.d.ts does not declare', () => {
    const dts = declaration('mf-fun/LuckyNumberPage') + modules(lucky);
    expect(remoteTypeProblems(dts, manifest)).toEqual([
      "shell/src/remotes.d.ts has no declare module 'mf-fun/SlotMachine' (exposed in shared/domain/remotes.ts)",
      "shell/src/remotes.d.ts SattaRemoteModules has no entry for 'mf-fun/SlotMachine' (exposed in shared/domain/remotes.ts)",
    ]);
  });

  it('names a module that remotes.d.ts declares but no remote exposes', () => {
    const dts =
      declaration('mf-fun/LuckyNumberPage') +
      declaration('mf-fun/SlotMachine') +
      declaration('mf-fun/Dice') +
      modules(lucky, slot, "Dice: typeof import('mf-fun/Dice')");
    expect(remoteTypeProblems(dts, manifest)).toEqual([
      "shell/src/remotes.d.ts declares module 'mf-fun/Dice', which shared/domain/remotes.ts does not expose",
      "shell/src/remotes.d.ts SattaRemoteModules types 'mf-fun/Dice', which shared/domain/remotes.ts does not expose",
    ]);
  });

  it('names a SattaRemoteModules key that is not the module it types', () => {
    const dts =
      declaration('mf-fun/LuckyNumberPage') +
      declaration('mf-fun/SlotMachine') +
      modules(lucky, "Slots: typeof import('mf-fun/SlotMachine')");
    expect(remoteTypeProblems(dts, manifest)).toEqual([
      "shell/src/remotes.d.ts SattaRemoteModules lists 'mf-fun/SlotMachine' as Slots, not SlotMachine",
    ]);
  });
});
