import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint config itself (eslint.config.js): ESLint's API lints code attributed to a path in the
 * repository, as `npm test` would lint that file, and each boundary gives exactly one error that
 * names it.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function problems(filePath: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const CROSS_REMOTE = {
  ruleId: 'boundaries/remote-isolation',
  message: 'boundaries: a remote must not import another remote (mf-chart -> mf-results); share through shared/ or federation',
};

describe('eslint.config.js: the boundaries', () => {
  it('a remote importing another remote by a relative path fails', async () => {
    const code = "import { Banner } from '../../mf-results/src/widgets/Banner.tsx';\nexport const widgets = [Banner];\n";
    expect(await problems('mf-chart/src/x.tsx', code)).toEqual([CROSS_REMOTE]);
  });

  it('a remote importing another remote by its workspace package name fails', async () => {
    const code = "import { Banner } from 'mf-results/src/widgets/Banner.tsx';\nexport const widgets = [Banner];\n";
    expect(await problems('mf-chart/src/x.tsx', code)).toEqual([CROSS_REMOTE]);
  });

  it('a re-export and a dynamic import of another remote fail too', async () => {
    expect(await problems('mf-chart/src/pages/x.ts', "export * from '../../../mf-results/src/widgets/Banner.tsx';\n")).toEqual([
      CROSS_REMOTE,
    ]);
    expect(await problems('mf-chart/src/x.ts', "export const banner = () => import('../../mf-results/src/widgets/Banner.tsx');\n")).toEqual(
      [CROSS_REMOTE],
    );
  });

  it("a remote's test importing another remote fails", async () => {
    const code = "import { Banner } from '../../mf-results/src/widgets/Banner.tsx';\nexport const widgets = [Banner];\n";
    expect(await problems('mf-chart/src/x.test.tsx', code)).toEqual([CROSS_REMOTE]);
  });

  it('a remote importing the shell fails', async () => {
    const code = "import { TITLES } from '../../../shell/src/routes.ts';\nexport const titles = TITLES;\n";
    expect(await problems('mf-agents/src/pages/x.tsx', code)).toEqual([
      {
        ruleId: 'boundaries/remote-isolation',
        message: 'boundaries: a remote must not import the shell (mf-agents -> shell); share through shared/',
      },
    ]);
  });

  it("the shell importing a remote's source fails", async () => {
    const shellSource = {
      ruleId: 'boundaries/remote-isolation',
      message:
        "boundaries: the shell must not import a remote's source files (shell -> mf-results); load it at run time through federation ('mf-results/Widget')",
    };
    const relative = "import { Banner } from '../../mf-results/src/widgets/Banner.tsx';\nexport const widgets = [Banner];\n";
    expect(await problems('shell/src/x.tsx', relative)).toEqual([shellSource]);
    const bare = "export const banner = () => import('mf-results/src/widgets/Banner.tsx');\n";
    expect(await problems('shell/src/remotes/x.ts', bare)).toEqual([shellSource]);
  });

  it('a remote importing the Firebase client SDK fails, in its tests too', async () => {
    const code = "import { ref } from 'firebase/database';\nexport const at = ref;\n";
    const firebase = {
      ruleId: 'boundaries/firebase-in-shared',
      message:
        'boundaries: only shared/ may import the Firebase client SDK (mf-fun -> firebase/database); read and write through the data service of @satta/shared',
    };
    expect(await problems('mf-fun/src/x.ts', code)).toEqual([firebase]);
    expect(await problems('mf-fun/src/x.test.ts', code)).toEqual([firebase]);
  });

  it('the shell importing the Firebase client SDK fails', async () => {
    const code = "import { getAuth } from 'firebase/auth';\nexport const auth = getAuth;\n";
    expect(await problems('shell/src/auth/x.ts', code)).toEqual([
      {
        ruleId: 'boundaries/firebase-in-shared',
        message:
          'boundaries: only shared/ may import the Firebase client SDK (shell -> firebase/auth); read and write through the data service of @satta/shared',
      },
    ]);
  });

  it('server code importing scripts/ fails', async () => {
    const code = "import { REMOTE_NAMES } from '../../../scripts/federation.ts';\nexport const remotes = REMOTE_NAMES;\n";
    expect(await problems('server/render/src/x.ts', code)).toEqual([
      {
        ruleId: 'boundaries/server-not-scripts',
        message:
          'boundaries: server code must not import scripts/ (server/render -> scripts/federation.ts); the servers ship without the repository scripts, move what they need into the server or shared/',
      },
    ]);
  });

  it('allows shared/ from a remote, its own files, and federation specifiers in the shell', async () => {
    const remote = [
      "import { siteNow } from '@satta/shared/domain/siteTime';",
      "import { orderGames } from '../../shared/domain/games.ts';",
      "import { useChart } from './hooks/useChart.ts';",
      'export const all = [siteNow, orderGames, useChart];',
      '',
    ].join('\n');
    expect(await problems('mf-chart/src/x.ts', remote)).toEqual([]);
    expect(await problems('shell/src/remotes/x.ts', "export const banner = () => import('mf-results/Banner');\n")).toEqual([]);
  });

  it('allows firebase/* inside shared/ and firebase-admin on the servers', async () => {
    expect(await problems('shared/data/x.ts', "import { ref } from 'firebase/database';\nexport const at = ref;\n")).toEqual([]);
    const admin = "import { getDatabase } from 'firebase-admin/database';\nexport const db = getDatabase;\n";
    expect(await problems('server/notify/src/x.ts', admin)).toEqual([]);
    expect(await problems('server/render/src/x.ts', admin)).toEqual([]);
  });

  it('allows tests that drive the client SDK or start the stack', async () => {
    const sdk = "import { initializeApp } from 'firebase/app';\nexport const app = initializeApp;\n";
    expect(await problems('rules/x.test.ts', sdk)).toEqual([]);
    expect(await problems('server/rtdb/src/x.test.ts', sdk)).toEqual([]);
    expect(await problems('e2e/tests/x.e2e.ts', sdk)).toEqual([]);
    const build = "import { buildStale } from '../../../scripts/build.ts';\nexport const build = buildStale;\n";
    expect(await problems('server/render/src/x.test.ts', build)).toEqual([]);
  });
});
