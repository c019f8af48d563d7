import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, DEMO_ADMIN, type Stack } from '../../scripts/stack.ts';
import { ownerRest, type RestMethod } from '../../scripts/ownerRest.ts';
import { startAdminSdk, type AdminSdk } from './adminSdk.ts';
import { gameNoticeCommands } from './gameNoticeCommands.ts';
import { writeAudited } from './adminCommands.ts';

const { setGameNotice, removeGameNotice } = gameNoticeCommands(writeAudited);

/*
 * A game's notice of the day (shared/domain/gameNotice.ts): the admin's commands against the real
 * local backend with the project's rules, read back as the database's owner through REST. The
 * site's day is fixed at 2026-11-26 (12:00 in India).
 */
let stack: Stack;
let sdk: AdminSdk;
const TODAY = '2026-11-26';

const rest = (path: string, method?: RestMethod, body?: unknown) => ownerRest(stack.urls.database)(path, method, body);

/** The audit entries of `path`, oldest first, as [old, new]. */
const auditOf = async (path: string) =>
  Object.values(((await rest('audit')) ?? {}) as Record<string, Record<string, unknown>>)
    .filter((a) => a['path'] === path)
    .sort((a, b) => Number(a['at']) - Number(b['at']))
    .map((a) => [a['old'] ?? null, a['new'] ?? null]);

beforeAll(async () => {
  stack = await startStack({ hosting: false });
  await rest('sattanamee', 'PUT', { Gali: { time: '11:30 PM', place: 11 }, Disawar: { time: '02:00 AM', place: 12 } });
  await rest('gameNotices', 'PUT', { '2026-11-24': { Gali: 'old' }, '2026-11-25': { Disawar: 'older' } });
  sdk = startAdminSdk(stack.config, {
    appName: 'game-notice',
    timezone: 'Asia/Kolkata',
    now: () => new Date(`${TODAY}T12:00:00+05:30`),
    fetch: (...args) => fetch(...args),
  });
  await sdk.session.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await sdk?.dispose();
  await stack?.stop();
});

describe("a game's notice of the day", () => {
  it("is written under today's key, one line, with its audit entry and the notices stamp; earlier days go", async () => {
    const before = Date.now();
    await setGameNotice(sdk.ctx, 'Gali', '  रिजल्ट   में\nदेरी ');
    expect(await rest('gameNotices')).toEqual({ [TODAY]: { Gali: 'रिजल्ट में देरी' } });
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toEqual([['null', '"रिजल्ट में देरी"']]);
    const stamp = (await rest('live/v/notices')) as number;
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    // The same text again writes nothing more.
    await setGameNotice(sdk.ctx, 'Gali', 'रिजल्ट में देरी');
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toHaveLength(1);
  });

  it('refuses an empty or too long notice, changing nothing', async () => {
    await expect(setGameNotice(sdk.ctx, 'Disawar', '   ')).rejects.toMatchObject({
      code: 'data/invalid-notice',
      message: 'Please write the notice.',
    });
    await expect(setGameNotice(sdk.ctx, 'Disawar', 'x'.repeat(61))).rejects.toMatchObject({
      code: 'data/invalid-notice',
      message: "The notice is 61 characters long; at most 60 fit in a game's row.",
    });
    expect(await rest(`gameNotices/${TODAY}/Disawar`)).toBeNull();
  });

  it('is removed with its audit entry; removing none writes nothing', async () => {
    const stamp = (await rest('live/v/notices')) as number;
    await removeGameNotice(sdk.ctx, 'Gali');
    expect(await rest('gameNotices')).toBeNull();
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toEqual([
      ['null', '"रिजल्ट में देरी"'],
      ['"रिजल्ट में देरी"', 'null'],
    ]);
    expect((await rest('live/v/notices')) as number).toBeGreaterThanOrEqual(stamp);
    await removeGameNotice(sdk.ctx, 'Gali');
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toHaveLength(2);
  });
});
