import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = normalize(join(here, '..'));

type Kind = 'value' | 'all';

/**
 * The static imports (and re-exports) of a module's `source`, as paths: `value`, those that load
 * code (not `import type`, not a dynamic import()); `all`, type-only ones too. A type-only cycle
 * loads nothing, but two modules that need each other's types are one module in two files.
 */
function importsOf(file: string, source: string, kind: Kind): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+\.tsx?)'/gm)) {
    if (kind === 'value' && match[1] !== undefined) continue;
    found.push(normalize(join(dirname(file), match[2] as string)));
  }
  return found;
}

/** Every cycle of imports of `kind` among `files` (their sources by `read`), as paths from shared/. */
function cycles(files: readonly string[], read: (file: string) => string, kind: Kind): string[][] {
  const known = new Set(files);
  const found: string[][] = [];
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      if (at === 0) found.push(path.map((p) => relative(root, p)));
      return;
    }
    if (path.length > 0 && file < (path[0] as string)) return;
    for (const next of importsOf(file, read(file), kind)) if (known.has(next)) visit(next, [...path, file]);
  };
  for (const file of files) visit(file, []);
  return found;
}

/** The modules of shared/data (not the tests). */
const modules = readdirSync(here)
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => join(here, name));
const readSource = (file: string) => readFileSync(file, 'utf8');

describe('shared/data', () => {
  it('has no cycle of imports (react.ts and index.ts once imported each other)', () => {
    expect(cycles(modules, readSource, 'value')).toEqual([]);
  });

  it('has no cycle of type-only imports either (gameNoticeCommands.ts and adminCommands.ts once had one)', () => {
    expect(cycles(modules, readSource, 'all')).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    // The check itself must be able to fail: index.ts re-exports react.ts, which must not import it back.
    expect(importsOf(join(here, 'index.ts'), readSource(join(here, 'index.ts')), 'value')).toContain(join(here, 'react.ts'));
    // The old cycle, as it was written: a type import one way, a value import the other.
    const old: Record<string, string> = {
      [join(here, 'adminCommands.ts')]: "import { map } from 'rxjs';\nimport { gameNoticeCommands } from './gameNoticeCommands.ts';\n",
      [join(here, 'gameNoticeCommands.ts')]:
        "import { DataError } from './errors.ts';\nimport type { AdminContext, writeAudited } from './adminCommands.ts';\n",
      [join(here, 'errors.ts')]: '',
    };
    const files = Object.keys(old);
    expect(cycles(files, (file) => old[file] ?? '', 'value')).toEqual([]);
    expect(cycles(files, (file) => old[file] ?? '', 'all')).toEqual([['data/adminCommands.ts', 'data/gameNoticeCommands.ts']]);
    // A multi-line type re-export counts too.
    const reexport = "export type {\n  AdminContext,\n} from './adminCommands.ts';\n";
    expect(importsOf(join(here, 'x.ts'), reexport, 'all')).toEqual([join(here, 'adminCommands.ts')]);
    expect(importsOf(join(here, 'x.ts'), reexport, 'value')).toEqual([]);
  });
});
