import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { startStack, DEMO_ADMIN, NAMESPACE, type Stack } from '../../scripts/stack.ts';
import { DataService } from './service.ts';
import { memoryStore } from './cache.ts';

/*
 * The data service's part of scheduled publishing (scheduleResult, cancelScheduled, scheduled$)
 * against the real local backend with the project's rules. The entries are due an hour from now,
 * so the stack's notify service does not publish them while this runs (its part is
 * server/notify/src/scheduled.integration.test.ts).
 */
let stack: Stack;
let admin: DataService;
const DAY = '2026-11-21';
const PATH = `scheduled/Gali/${DAY}`;

async function rest(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack.urls.database}/${path}.json?ns=${NAMESPACE}`, {
    method,
    headers: { Authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const auditOf = async (path: string) =>
  Object.values(((await rest('GET', 'audit')) ?? {}) as Record<string, Record<string, unknown>>)
    .filter((a) => a['path'] === path)
    .sort((a, b) => Number(a['at']) - Number(b['at']));

beforeAll(async () => {
  stack = await startStack({ hosting: false });
  await rest('PUT', 'sattanamee', { Gali: { time: '11:30 PM', place: 11 } });
  admin = new DataService(stack.config, { appName: 'schedule', store: memoryStore(), now: () => new Date(`${DAY}T12:00:00+05:30`) });
  await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await admin?.dispose();
  await rest('DELETE', 'scheduled');
  await stack?.stop();
});

describe('scheduled numbers', () => {
  it('schedules, lists, changes and cancels a number, each with an audit entry; the result is untouched', async () => {
    const at = Date.now() + 3_600_000;
    await admin.scheduleResult('Gali', DAY, '42', at);
    expect(await rest('GET', PATH)).toEqual({ number: '42', at, createdAt: expect.any(Number) });
    const listed = await firstValueFrom(admin.scheduled$().pipe(filter((l) => (l.data?.length ?? 0) > 0 && !l.stale)));
    expect(listed.data).toEqual([{ game: 'Gali', date: DAY, number: '42', at }]);

    await admin.scheduleResult('Gali', DAY, '43', at + 60_000);
    expect(await rest('GET', PATH)).toEqual({ number: '43', at: at + 60_000, createdAt: expect.any(Number) });
    const changed = await firstValueFrom(admin.scheduled$().pipe(filter((l) => l.data?.[0]?.number === '43')));
    expect(changed.data).toEqual([{ game: 'Gali', date: DAY, number: '43', at: at + 60_000 }]);

    await admin.cancelScheduled('Gali', DAY);
    expect(await rest('GET', PATH)).toBeNull();
    expect(await rest('GET', `sattanamee/Gali/${DAY}`)).toBeNull();
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
    expect(await rest('GET', PATH)).toBeNull();
  });
});
