import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { startStack, DEMO_ADMIN, DEMO_VISITOR, NAMESPACE, type Stack } from '../../scripts/stack.ts';
import { DataService } from './service.ts';
import { memoryStore } from './cache.ts';
import type { Live } from './live.ts';
import type { GameData } from '../domain/results.ts';

/*
 * The data service in Node against the real local backend: the Auth emulator and server/rtdb
 * with the project's own database.rules.json.
 */
let stack: Stack;
const services: DataService[] = [];
const TODAY = new Date('2026-11-21T12:00:00+05:30');

function service(name: string, store = memoryStore()): DataService {
  const s = new DataService(stack.config, { appName: name, store, now: () => TODAY });
  services.push(s);
  return s;
}

async function rest(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack.urls.database}/${path}.json?ns=${NAMESPACE}`, {
    method,
    headers: { Authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

function until<T>(source: import('rxjs').Observable<Live<T>>, ok: (data: T) => boolean): Promise<T> {
  return firstValueFrom(
    source.pipe(filter((live): live is Live<T> & { data: T } => live.data !== undefined && !live.stale && ok(live.data))),
  ).then((live) => live.data);
}

const gali = (games: GameData[]) => games.find((g) => g.name === 'Gali');

beforeAll(async () => {
  stack = await startStack({ hosting: false });
  await rest('PUT', 'sattanamee', {
    Gali: { time: '11:30 PM', place: 11, '2026-11-20': { number: '42' }, '2025-03-14': { number: '07' }, '2024-12-31': { number: '99' } },
    Disawar: { time: '02:00 AM', place: 12, '2026-11-21': { number: '05' } },
  });
  await rest('PUT', 'mian', { name: 'Admin', phnnumber: '+91 90000 00000' });
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.dispose()));
  await stack?.stop();
});

describe('data service against the local backend', () => {
  it('streams the home window of every game: time, place, yesterday and this month only', async () => {
    const games = await until(service('home').homeGames$(), (g) => g.length === 2);
    expect(gali(games)).toEqual({ name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-20': '42' } });
  });

  it("shows an admin's write live in another client, with the create-or-update answer", async () => {
    const visitor = service('visitor');
    const admin = service('admin');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await until(visitor.homeGames$(), (g) => gali(g) !== undefined);

    const first = await admin.setResult('Gali', '2026-11-21', '7');
    expect(first).toEqual({ created: true, previous: null });
    const seen = await until(visitor.homeGames$(), (g) => gali(g)?.results['2026-11-21'] === '07');
    expect(gali(seen)?.results['2026-11-21']).toBe('07');

    expect(await admin.setResult('Gali', '2026-11-21', '08')).toEqual({ created: false, previous: '07' });
  });

  it('refuses writes from a visitor and from a signed-in non-admin, and changes nothing', async () => {
    const anonymous = service('anon');
    await expect(anonymous.setResult('Gali', '2026-11-19', '11')).rejects.toThrow(/permission_denied/i);
    const nonAdmin = service('non-admin');
    const user = await nonAdmin.signIn(DEMO_VISITOR.email, DEMO_VISITOR.password);
    expect(user.isAdmin).toBe(false);
    await expect(nonAdmin.setGameTime('Gali', '10:00 PM')).rejects.toThrow(/permission_denied/i);
    expect(await rest('GET', 'sattanamee/Gali/time')).toBe('11:30 PM');
    expect(await rest('GET', 'sattanamee/Gali/2026-11-19')).toBeNull();
  });

  it("reads one game's year and no other", async () => {
    const chart = service('chart');
    const year = await until(chart.gameYear$('Gali', 2025), () => true);
    expect(year).toEqual({ '2025-03-14': '07' });
    expect(await chart.gameYears('Gali')).toEqual([2026, 2025, 2024]);
  });

  it('paints cached data at once on a repeat visit, before any answer', async () => {
    const store = memoryStore();
    const first = service('repeat-1', store);
    await until(first.mainInfo$(), (m) => m.name === 'Admin');
    const second = service('repeat-2', store);
    second.goOffline();
    const initial = await firstValueFrom(second.mainInfo$());
    expect(initial).toEqual({ data: { name: 'Admin', phnnumber: '+91 90000 00000' }, stale: true, error: null });
  });

  it('stores a push subscription once, without reading the list', async () => {
    const visitor = service('push');
    const subscription = { endpoint: 'https://push.example/sub/1', keys: { p256dh: 'BNcR', auth: 'tBHI' } };
    expect(await visitor.saveSubscription(subscription)).toBe('saved');
    expect(await visitor.saveSubscription(subscription)).toBe('exists');
    const all = (await rest('GET', 'webPushSubscriptions')) as Record<string, { endpoint: string }>;
    expect(Object.values(all).map((s) => s.endpoint)).toEqual([subscription.endpoint]);
  });

  it('records who changed what in the audit trail', async () => {
    const admin = service('auditor');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.setGameTime('Disawar', '2:15 am');
    const entries = await until(admin.audit$(), (a) => a.some((e) => e.path === 'sattanamee/Disawar/time'));
    const entry = entries.find((e) => e.path === 'sattanamee/Disawar/time');
    expect(entry).toMatchObject({ email: DEMO_ADMIN.email, old: '"02:00 AM"', new: '"02:15 AM"' });
  });

  it('changes the password only with the right current password', async () => {
    const admin = service('password');
    await admin.signIn(DEMO_VISITOR.email, DEMO_VISITOR.password);
    await expect(admin.updatePassword('wrong-password', 'next-pass-1')).rejects.toThrow();
    expect(await admin.updatePassword(DEMO_VISITOR.password, 'next-pass-1')).toBe('Password updated successfully!');
    await admin.updatePassword('next-pass-1', DEMO_VISITOR.password);
  });
});
