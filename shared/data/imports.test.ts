import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = normalize(join(here, '..'));

/** The static imports of a module that load code (not `import type`, not a dynamic import()). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+\.tsx?)'/gm)) {
    found.push(normalize(join(dirname(file), match[1] as string)));
  }
  return found;
}

/** Every cycle of static imports among the modules under `dir`, as paths from shared/. */
function cycles(dir: string): string[][] {
  const files = readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(dir, name));
  const found: string[][] = [];
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      if (at === 0) found.push(path.map((p) => relative(root, p)));
      return;
    }
    if (path.length > 0 && file < (path[0] as string)) return;
    for (const next of valueImports(file)) if (next.startsWith(dir)) visit(next, [...path, file]);
  };
  for (const file of files) visit(file, []);
  return found;
}

describe('shared/data', () => {
  it('has no cycle of imports (react.ts and index.ts once imported each other)', () => {
    expect(cycles(here)).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    // The check itself must be able to fail: index.ts re-exports react.ts, which must not import it back.
    expect(valueImports(join(here, 'index.ts'))).toContain(join(here, 'react.ts'));
    expect(valueImports(join(here, 'react.ts'))).not.toContain(join(here, 'index.ts'));
  });
});
