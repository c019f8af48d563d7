import { describe, expect, it } from 'vitest';
import { groups } from './typecheck.mjs';

describe('npm run typecheck', () => {
  it('checks the node projects as one program and the browser ones (vite/client) as another', () => {
    const found = groups().map((group) => ({ types: group.options.types, dirs: group.projects.map((p) => p.dir) }));
    expect(found).toEqual([
      { types: ['node'], dirs: ['shared', 'server/rtdb', 'server/notify', 'server/render', 'scripts', 'rules', 'e2e'] },
      { types: ['vite/client'], dirs: ['shell', 'mf-results', 'mf-chart', 'mf-agents', 'mf-fun', 'mf-admin'] },
    ]);
  });

  it("keeps each project's files, from the repository root", () => {
    const node = groups()[0]?.projects ?? [];
    expect(node.find((p) => p.dir === 'scripts')?.include).toEqual([
      'scripts/*.ts',
      'server/hosting/*.ts',
      'server/log/*.ts',
      'server/rtdb/src/targaryen.d.ts',
    ]);
    expect(node.find((p) => p.dir === 'server/render')?.include).toEqual(['server/render/src/**/*.ts', 'server/render/src/**/*.tsx']);
  });
});
