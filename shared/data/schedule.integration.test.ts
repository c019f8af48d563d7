import { afterAll, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { DEMO_ADMIN } from '../../scripts/stack.ts';
import { adminStack } from './testing/adminStack.ts';

/*
 * The data service's part of scheduled publishing (scheduleResult, cancelScheduled, scheduled$)
 * against the real local backend with the project's rules. No notify service runs here, and the
 * entries are due an hour from now (the publisher's part is
 * server/notify/src/scheduled.integration.test.ts).
 */
const DAY = '2026-11-21';
const PATH = `scheduled/Gali/${DAY}`;

const auditOf = async (path: string) =>
  Object.values(((await rest('audit')) ?? {}) as Record<string, Record<string, unknown>>)
    .filter((a) => a['path'] === path)
    .sort((a, b) => Number(a['at']) - Number(b['at']));

const fixture = adminStack({
  appName: 'schedule',
  today: DAY,
  seed: { sattanamee: { Gali: { time: '11:30 PM', place: 11 } } },
});
const { rest } = fixture;

// Runs before the stack stops (after hooks run last registered first).
afterAll(async () => {
  await rest('scheduled', 'DELETE');
});

describe('scheduled numbers', () => {
  it('schedules, lists, changes and cancels a number, each with an audit entry; the result is untouched', async () => {
    const at = Date.now() + 3_600_000;
    await fixture.admin.scheduleResult('Gali', DAY, '42', at);
    expect(await rest(PATH)).toEqual({ number: '42', at, createdAt: expect.any(Number) });
    const listed = await firstValueFrom(fixture.admin.scheduled$().pipe(filter((l) => (l.data?.length ?? 0) > 0 && !l.stale)));
    expect(listed.data).toEqual([{ game: 'Gali', date: DAY, number: '42', at }]);

    await fixture.admin.scheduleResult('Gali', DAY, '43', at + 60_000);
    expect(await rest(PATH)).toEqual({ number: '43', at: at + 60_000, createdAt: expect.any(Number) });
    const changed = await firstValueFrom(fixture.admin.scheduled$().pipe(filter((l) => l.data?.[0]?.number === '43')));
    expect(changed.data).toEqual([{ game: 'Gali', date: DAY, number: '43', at: at + 60_000 }]);

    await fixture.admin.cancelScheduled('Gali', DAY);
    expect(await rest(PATH)).toBeNull();
    expect(await rest(`sattanamee/Gali/${DAY}`)).toBeNull();
    expect((await auditOf(PATH)).map((a) => [a['new'], a['email']])).toEqual([
      [JSON.stringify({ number: '42', at }), DEMO_ADMIN.email],
      [JSON.stringify({ number: '43', at: at + 60_000 }), DEMO_ADMIN.email],
      ['null', DEMO_ADMIN.email],
    ]);
  });

  it('refuses a number that is not one of 00 to 99 and writes nothing', async () => {
    await expect(fixture.admin.scheduleResult('Gali', DAY, '100', Date.now() + 3_600_000)).rejects.toThrow(
      'Number must be two digits from 00 to 99.',
    );
    expect(await rest(PATH)).toBeNull();
  });
});
