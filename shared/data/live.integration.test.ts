import { describe, expect, it } from 'vitest';
import { adminStack } from './testing/adminStack.ts';

/*
 * The live read model (`live`, shared/domain/liveNode.ts) as the admin's commands leave it,
 * against the real local backend with the project's rules: every command writes its live paths
 * in the same update as its change (adminCommands.ts writeAudited + livePatch.ts). What is
 * stored is read back as the database's owner through REST.
 */
/** The site's day for the service under test (its clock is fixed on it). */
const DAY = '2026-11-21';

/** Makes the next server time differ from the last one (a correction's time from its publication's). */
const nextMillisecond = () => {
  const until = Date.now() + 2;
  while (Date.now() <= until);
};

const fixture = adminStack({
  appName: 'live',
  today: DAY,
  seed: {
    sattanamee: { Gali: { time: '11:30 PM', place: 11 }, Disawar: { time: '02:00 AM', place: 12 } },
    mian: { name: 'Admin', phnnumber: '+91 90000 00000' },
    // What an earlier day left: the day before yesterday goes with the first write of a result.
    live: { days: { '2026-11-19': { Gali: { n: '11', p: 1_700_000_000_000 } } } },
  },
});
const { rest } = fixture;

describe('the live node kept by the admin commands', () => {
  it('a first publication of today is mirrored as { n, p }, and the day before yesterday goes', async () => {
    expect(await fixture.admin.setResult('Gali', DAY, '42')).toEqual({ created: true, previous: null });
    const stored = (await rest(`sattanamee/Gali/${DAY}`)) as { publishedAt: number };
    expect(stored.publishedAt).toBeTypeOf('number');
    expect(await rest(`live/days/${DAY}/Gali`)).toEqual({ n: '42', p: stored.publishedAt });
    expect(await rest('live/days/2026-11-19')).toBeNull();
  });

  it('a result of yesterday is mirrored too (a late draw published after midnight)', async () => {
    await fixture.admin.setResult('Disawar', '2026-11-20', '08');
    const stored = (await rest('sattanamee/Disawar/2026-11-20')) as { publishedAt: number };
    expect(await rest('live/days/2026-11-20')).toEqual({ Disawar: { n: '08', p: stored.publishedAt } });
  });

  it('a correction sets n, u and w, and stamps the corrections log; its undo restores n and drops w', async () => {
    await fixture.admin.setResult('Disawar', DAY, '97');
    const first = (await rest(`sattanamee/Disawar/${DAY}`)) as { publishedAt: number };
    expect(await rest(`live/days/${DAY}/Disawar`)).toEqual({ n: '97', p: first.publishedAt });

    nextMillisecond();
    expect(await fixture.admin.setResult('Disawar', DAY, '42')).toEqual({ created: false, previous: '97' });
    const corrected = (await rest(`sattanamee/Disawar/${DAY}`)) as { publishedAt: number; updatedAt: number };
    expect(corrected).toEqual({ number: '42', was: '97', publishedAt: first.publishedAt, updatedAt: corrected.updatedAt });
    expect(corrected.updatedAt).toBeGreaterThan(first.publishedAt);
    expect(await rest(`live/days/${DAY}/Disawar`)).toEqual({ n: '42', p: first.publishedAt, u: corrected.updatedAt, w: '97' });
    // The corrections entry and the stamp come with the same server time as the correction.
    expect(await rest('live/v/corrections')).toBe(corrected.updatedAt);

    nextMillisecond();
    expect(await fixture.admin.undoResult('Disawar', DAY)).toBe('97');
    const undone = (await rest(`sattanamee/Disawar/${DAY}`)) as { publishedAt: number; updatedAt: number };
    expect(undone).toEqual({ number: '97', publishedAt: first.publishedAt, updatedAt: undone.updatedAt });
    expect(await rest(`live/days/${DAY}/Disawar`)).toEqual({ n: '97', p: first.publishedAt, u: undone.updatedAt });
    // The undo removed the corrections entry: the log's stamp moved with it.
    expect(await rest('live/v/corrections')).toBe(undone.updatedAt);
  });

  it('the undo of a first publication removes the entry', async () => {
    expect(await rest(`live/days/${DAY}/Gali`)).not.toBeNull();
    expect(await fixture.admin.undoResult('Gali', DAY)).toBeNull();
    expect(await rest(`sattanamee/Gali/${DAY}`)).toBeNull();
    expect(await rest(`live/days/${DAY}/Gali`)).toBeNull();
    expect(Object.keys((await rest(`live/days/${DAY}`)) as object)).toEqual(['Disawar']);
  });

  it('setMainInfo stamps live/v/mian', async () => {
    const before = Date.now();
    await fixture.admin.setMainInfo({ notice: 'Holiday' });
    expect(await rest('mian')).toEqual({ name: 'Admin', phnnumber: '+91 90000 00000', notice: 'Holiday' });
    const stamp = await rest('live/v/mian');
    expect(stamp).toBeTypeOf('number');
    expect(stamp).toBeGreaterThanOrEqual(before);
  });

  it('importResults of an older date stamps live/v/games and writes no live entry for it', async () => {
    const days = await rest('live/days');
    const before = Date.now();
    expect(await fixture.admin.importResults([{ game: 'Gali', date: '2026-10-12', number: '05' }])).toBe(1);
    expect(await rest('sattanamee/Gali/2026-10-12/number')).toBe('05');
    const stamp = await rest('live/v/games');
    expect(stamp).toBeTypeOf('number');
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(await rest('live/days/2026-10-12')).toBeNull();
    expect(await rest('live/days')).toEqual(days);
  });

  it("a game's time, the ads and the khaiwals stamp their parts", async () => {
    const before = Date.now();
    await fixture.admin.setGameTime('Gali', '11:45 PM');
    const games = (await rest('live/v/games')) as number;
    expect(games).toBeGreaterThanOrEqual(before);

    await fixture.admin.setAdInfo({ Morning: { name: 'Gali ad', time: '11:00 AM' } });
    expect(await rest('live/v/adinfo')).toBeGreaterThanOrEqual(before);

    const id = await fixture.admin.saveKhaiwal(null, {
      name: 'Ramesh Bhai',
      phone: '+91 98765 43210',
      wa: '919876543210',
      site: 'https://example.com/khaiwal',
      payment: 'UPI',
      customTimings: [],
      customRates: { jodi: '10-----960', haruf: '100-----960' },
    });
    const saved = (await rest('live/v/khaiwals')) as number;
    expect(saved).toBeGreaterThanOrEqual(before);
    nextMillisecond();
    await fixture.admin.deleteKhaiwal(id);
    expect(await rest(`khaiwals/${id}`)).toBeNull();
    expect(await rest('live/v/khaiwals')).toBeGreaterThan(saved);
  });

  it('what the live node holds in the end', async () => {
    const node = (await rest('live')) as { days: unknown; v: Record<string, unknown> };
    const disawar = (await rest(`sattanamee/Disawar/${DAY}`)) as { publishedAt: number; updatedAt: number };
    const late = (await rest('sattanamee/Disawar/2026-11-20')) as { publishedAt: number };
    expect(node.days).toEqual({
      '2026-11-20': { Disawar: { n: '08', p: late.publishedAt } },
      [DAY]: { Disawar: { n: '97', p: disawar.publishedAt, u: disawar.updatedAt } },
    });
    expect(Object.keys(node.v).sort()).toEqual(['adinfo', 'corrections', 'games', 'khaiwals', 'mian']);
  });
});
