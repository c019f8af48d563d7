import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { startStack, DEMO_ADMIN, type Stack } from '../../scripts/stack.ts';
import { DataService, adminView, type AdminView } from './service.ts';
import { memoryStore } from './cache.ts';
import { ownerRest, type RestMethod } from '../../scripts/ownerRest.ts';

/*
 * The data service's part of scheduled publishing (scheduleResult, cancelScheduled, scheduled$)
 * against the real local backend with the project's rules. The entries are due an hour from now,
 * so the stack's notify service does not publish them while this runs (its part is
 * server/notify/src/scheduled.integration.test.ts).
 */
let stack: Stack;
let admin: AdminView;
const DAY = '2026-11-21';
const PATH = `scheduled/Gali/${DAY}`;

const auditOf = async (path: string) =>
  Object.values(((await rest('audit')) ?? {}) as Record<string, Record<string, unknown>>)
    .filter((a) => a['path'] === path)
    .sort((a, b) => Number(a['at']) - Number(b['at']));

/** The owner's REST calls on the stack's database. */
const rest = (path: string, method?: RestMethod, body?: unknown) => ownerRest(stack.urls.database)(path, method, body);

beforeAll(async () => {
  stack = await startStack({ hosting: false });
  await rest('sattanamee', 'PUT', { Gali: { time: '11:30 PM', place: 11 } });
  admin = adminView(
    new DataService(stack.config, { appName: 'schedule', store: memoryStore(), now: () => new Date(`${DAY}T12:00:00+05:30`) }),
  );
  await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await admin?.dispose();
  await rest('scheduled', 'DELETE');
  await stack?.stop();
});

describe('scheduled numbers', () => {
  it('schedules, lists, changes and cancels a number, each with an audit entry; the result is untouched', async () => {
    const at = Date.now() + 3_600_000;
    await admin.scheduleResult('Gali', DAY, '42', at);
    expect(await rest(PATH)).toEqual({ number: '42', at, createdAt: expect.any(Number) });
    const listed = await firstValueFrom(admin.scheduled$().pipe(filter((l) => (l.data?.length ?? 0) > 0 && !l.stale)));
    expect(listed.data).toEqual([{ game: 'Gali', date: DAY, number: '42', at }]);

    await admin.scheduleResult('Gali', DAY, '43', at + 60_000);
    expect(await rest(PATH)).toEqual({ number: '43', at: at + 60_000, createdAt: expect.any(Number) });
    const changed = await firstValueFrom(admin.scheduled$().pipe(filter((l) => l.data?.[0]?.number === '43')));
    expect(changed.data).toEqual([{ game: 'Gali', date: DAY, number: '43', at: at + 60_000 }]);

    await admin.cancelScheduled('Gali', DAY);
    expect(await rest(PATH)).toBeNull();
    expect(await rest(`sattanamee/Gali/${DAY}`)).toBeNull();
    expect((await auditOf(PATH)).map((a) => [a['new'], a['email']])).toEqual([
      [JSON.stringify({ number: '42', at }), DEMO_ADMIN.email],
      [JSON.stringify({ number: '43', at: at + 60_000 }), DEMO_ADMIN.email],
      ['null', DEMO_ADMIN.email],
    ]);
  });

  it('refuses a number that is not one of 00 to 99 and writes nothing', async () => {
    await expect(admin.scheduleResult('Gali', DAY, '100', Date.now() + 3_600_000)).rejects.toThrow(
      'Number must be two digits from 00 to 99.',
    );
    expect(await rest(PATH)).toBeNull();
  });
});
