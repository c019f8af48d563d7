import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../scripts/stack.ts';
import { adminStack } from './testing/adminStack.ts';

/*
 * A game's notice of the day (shared/domain/gameNotice.ts): the admin's commands (gameNoticeCommands.ts,
 * through the service's command table) against the real local backend with the project's rules,
 * read back as the database's owner through REST. The site's day is fixed at 2026-11-26 (12:00
 * in India).
 */
const TODAY = '2026-11-26';

const fixture = adminStack({
  appName: 'game-notice',
  today: TODAY,
  seed: {
    sattanamee: { Gali: { time: '11:30 PM', place: 11 }, Disawar: { time: '02:00 AM', place: 12 } },
    gameNotices: { '2026-11-24': { Gali: 'old' }, '2026-11-25': { Disawar: 'older' } },
  },
});
const { rest, auditOf } = fixture;
const setGameNotice = (game: string, text: string) => fixture.admin.setGameNotice(game, text);
const removeGameNotice = (game: string) => fixture.admin.removeGameNotice(game);

describe("a game's notice of the day", () => {
  it("is written under today's key, one line, with its audit entry and the notices stamp; earlier days go", async () => {
    const before = Date.now();
    await setGameNotice('Gali', '  रिजल्ट   में\nदेरी ');
    expect(await rest('gameNotices')).toEqual({ [TODAY]: { Gali: 'रिजल्ट में देरी' } });
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toEqual([['null', '"रिजल्ट में देरी"', DEMO_ADMIN.email]]);
    const stamp = (await rest('live/v/notices')) as number;
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    // The same text again writes nothing more.
    await setGameNotice('Gali', 'रिजल्ट में देरी');
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toHaveLength(1);
  });

  it('refuses an empty or too long notice, changing nothing', async () => {
    await expect(setGameNotice('Disawar', '   ')).rejects.toMatchObject({
      code: 'data/invalid-notice',
      message: 'Please write the notice.',
    });
    await expect(setGameNotice('Disawar', 'x'.repeat(61))).rejects.toMatchObject({
      code: 'data/invalid-notice',
      message: "The notice is 61 characters long; at most 60 fit in a game's row.",
    });
    expect(await rest(`gameNotices/${TODAY}/Disawar`)).toBeNull();
  });

  it('is removed with its audit entry; removing none writes nothing', async () => {
    const stamp = (await rest('live/v/notices')) as number;
    await removeGameNotice('Gali');
    expect(await rest('gameNotices')).toBeNull();
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toEqual([
      ['null', '"रिजल्ट में देरी"', DEMO_ADMIN.email],
      ['"रिजल्ट में देरी"', 'null', DEMO_ADMIN.email],
    ]);
    expect((await rest('live/v/notices')) as number).toBeGreaterThanOrEqual(stamp);
    await removeGameNotice('Gali');
    expect(await auditOf(`gameNotices/${TODAY}/Gali`)).toHaveLength(2);
  });
});
