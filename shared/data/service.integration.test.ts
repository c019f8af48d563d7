import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ref, set } from 'firebase/database';
import { filter, firstValueFrom } from 'rxjs';
import { startStack, DEMO_ADMIN, DEMO_VISITOR, PROJECT_ID, type Stack } from '../../scripts/stack.ts';
import { DataService, adminView, type AdminView } from './service.ts';
import { SessionEndedError } from './errors.ts';
import { memoryStore } from './cache.ts';
import type { Live } from './live.ts';
import type { GameData } from '../domain/results.ts';
import { ownerRest, type RestMethod } from '../../scripts/ownerRest.ts';

/*
 * The data service in Node against the real local backend: the Auth emulator and server/rtdb
 * with the project's own database.rules.json.
 */
let stack: Stack;
const services: DataService[] = [];
const TODAY = new Date('2026-11-21T12:00:00+05:30');

function service(name: string, store = memoryStore()): AdminView {
  const s = new DataService(stack.config, { appName: name, store, now: () => TODAY });
  services.push(s);
  return adminView(s);
}

function until<T>(source: import('rxjs').Observable<Live<T>>, ok: (data: T) => boolean): Promise<T> {
  return firstValueFrom(
    source.pipe(filter((live): live is Live<T> & { data: T } => live.data !== undefined && !live.stale && ok(live.data))),
  ).then((live) => live.data);
}

/** A browser's real subscription keys (RFC 8291 test vector): the notify service checks their shape. */
const VALID_P256DH = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const VALID_AUTH = 'BTBZMqHH6r4Tts7J_aSIgg';

/** The Auth emulator's admin API: sets a password, which revokes the sessions signed in before. */
async function resetPassword(email: string, password: string): Promise<void> {
  const base = `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const lookup = await fetch(`${base}/accounts:lookup`, { method: 'POST', headers, body: JSON.stringify({ email: [email] }) });
  const { users } = (await lookup.json()) as { users?: { localId: string }[] };
  const localId = users?.[0]?.localId;
  if (!localId) throw new Error(`no account for ${email}`);
  const update = await fetch(`${base}/accounts:update`, { method: 'POST', headers, body: JSON.stringify({ localId, password }) });
  if (!update.ok) throw new Error(`password reset failed: ${update.status} ${await update.text()}`);
}

const gali = (games: GameData[]) => games.find((g) => g.name === 'Gali');

/** The owner's REST calls on the stack's database. */
const rest = (path: string, method?: RestMethod, body?: unknown) => ownerRest(stack.urls.database)(path, method, body);

beforeAll(async () => {
  stack = await startStack({ hosting: false });
  await rest('sattanamee', 'PUT', {
    Gali: { time: '11:30 PM', place: 11, '2026-11-20': { number: '42' }, '2025-03-14': { number: '07' }, '2024-12-31': { number: '99' } },
    Disawar: { time: '02:00 AM', place: 12, '2026-11-21': { number: '05' } },
  });
  await rest('mian', 'PUT', { name: 'Admin', phnnumber: '+91 90000 00000' });
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

  it("follows the admin's own connection: connected, not after goOffline, again after goOnline", async () => {
    const admin = service('admin-connection');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const states: boolean[] = [];
    const watching = admin.adminConnected$.subscribe((connected) => states.push(connected));
    try {
      await firstValueFrom(admin.adminConnected$.pipe(filter((connected) => connected)));
      admin.goOffline();
      await firstValueFrom(admin.adminConnected$.pipe(filter((connected) => !connected)));
      admin.goOnline();
      await firstValueFrom(admin.adminConnected$.pipe(filter((connected) => connected)));
      expect(states.slice(-3)).toEqual([true, false, true]);
    } finally {
      watching.unsubscribe();
    }
  });

  it('refuses writes from a visitor and from a signed-in non-admin, and changes nothing', async () => {
    const anonymous = service('anon');
    await expect(anonymous.setResult('Gali', '2026-11-19', '11')).rejects.toThrow(/permission_denied/i);
    const nonAdmin = service('non-admin');
    const user = await nonAdmin.signIn(DEMO_VISITOR.email, DEMO_VISITOR.password);
    expect(user.isAdmin).toBe(false);
    await expect(nonAdmin.setGameTime('Gali', '10:00 PM')).rejects.toThrow(/permission_denied/i);
    expect(await rest('sattanamee/Gali/time')).toBe('11:30 PM');
    expect(await rest('sattanamee/Gali/2026-11-19')).toBeNull();
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
    const before = Date.now();
    await until(first.mainInfo$(), (m) => m.name === 'Admin');
    const after = Date.now();
    // The first visit stores what it saw when its page is idle.
    await vi.waitFor(() => expect(store.getItem('satta:v2:mian')).not.toBeNull());
    const second = service('repeat-2', store);
    second.goOffline();
    const initial = await firstValueFrom(second.mainInfo$());
    // With when the first visit received it, so the page can say how old it is.
    const { at, ...rest } = initial;
    expect(rest).toEqual({ data: { name: 'Admin', phnnumber: '+91 90000 00000' }, stale: true, error: null });
    expect(at !== undefined && at >= before && at <= after).toBe(true);
  });

  it('a visitor cannot write a push subscription into the database directly', async () => {
    const visitor = service('push-direct');
    const entry = ref(await visitor.database(), 'webPushSubscriptions/-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    await expect(
      set(entry, { endpoint: 'https://tarpit.example/x', keys: { p256dh: VALID_P256DH, auth: VALID_AUTH }, createdAt: 1 }),
    ).rejects.toThrow(/permission_denied/i);
    expect(await rest('webPushSubscriptions/-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBeNull();
  });

  it('sends a test notification with a fresh token when the first is refused, and ends a revoked sign-in', async () => {
    const calls: string[] = [];
    let refuseFirst = true;
    const fetchFn: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/send-test')) {
        calls.push(new Headers(init?.headers).get('authorization') ?? '');
        if (refuseFirst) {
          refuseFirst = false;
          return new Response('{"error":"stale"}', { status: 401 });
        }
      }
      return fetch(input, init);
    };
    const admin = adminView(
      new DataService(stack.config, { appName: 'send-test', store: memoryStore(), now: () => TODAY, fetch: fetchFn }),
    );
    services.push(admin);
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await admin.sendTestNotification()).toMatch(/^Test notification sent to \d+ subscribers?\./);
    expect(calls).toHaveLength(2);
    expect(calls.every((header) => /^Bearer \S+$/.test(header))).toBe(true);

    // A password reset by the identity service's admin API revokes every session from before it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await resetPassword(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(admin.sendTestNotification()).rejects.toBeInstanceOf(SessionEndedError);
  });

  it('times a first publication, keeps it through a correction and logs the correction publicly', async () => {
    const admin = service('times');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const path = 'sattanamee/Disawar/2026-11-19';
    const before = Date.now();
    expect(await admin.setResult('Disawar', '2026-11-19', '33')).toEqual({ created: true, previous: null });
    const after = Date.now();
    const first = (await rest(path)) as { number: string; publishedAt: number; updatedAt: number };
    expect(Object.keys(first).sort()).toEqual(['number', 'publishedAt', 'updatedAt']);
    expect(first.number).toBe('33');
    expect(first.publishedAt).toBe(first.updatedAt);
    expect(first.publishedAt >= before && first.publishedAt <= after).toBe(true);

    // The correction's server time must differ from the first one's: let the clock tick a millisecond.
    while (Date.now() <= after);
    const beforeFix = Date.now();
    expect(await admin.setResult('Disawar', '2026-11-19', '34')).toEqual({ created: false, previous: '33' });
    const afterFix = Date.now();
    const fixed = (await rest(path)) as Record<string, unknown>;
    const updatedAt = fixed['updatedAt'] as number;
    expect(fixed).toEqual({ number: '34', was: '33', publishedAt: first.publishedAt, updatedAt });
    expect(updatedAt >= beforeFix && updatedAt <= afterFix && updatedAt > first.publishedAt).toBe(true);
    const corrections = async () =>
      Object.values((await rest('corrections')) as Record<string, Record<string, unknown>>).filter((c) => c['game'] === 'Disawar');
    expect(await corrections()).toEqual([
      { game: 'Disawar', date: '2026-11-19', from: '33', to: '34', publishedAt: first.publishedAt, correctedAt: updatedAt },
    ]);

    // The same number again is no correction: nothing changes, not even the times.
    const audits = Object.keys((await rest('audit')) as Record<string, unknown>).length;
    expect(await admin.setResult('Disawar', '2026-11-19', '34')).toEqual({ created: false, previous: '34' });
    expect(await rest(path)).toEqual(fixed);
    expect(await corrections()).toHaveLength(1);
    expect(Object.keys((await rest('audit')) as Record<string, unknown>)).toHaveLength(audits);
  });

  it('marks a back-filled result silent, and corrects a number of old data that has no times', async () => {
    const admin = service('backfill');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.setResult('Gali', '2026-11-02', '15', { silent: true });
    const node = (await rest('sattanamee/Gali/2026-11-02')) as Record<string, unknown>;
    expect(node).toEqual({ number: '15', silent: true, publishedAt: node['publishedAt'], updatedAt: node['publishedAt'] });
    expect(typeof node['publishedAt']).toBe('number');
    // Corrected live (Update Number), it is a publish like any other: no longer silent.
    await admin.setResult('Gali', '2026-11-02', '16');
    const corrected = (await rest('sattanamee/Gali/2026-11-02')) as Record<string, unknown>;
    expect(corrected).toEqual({ number: '16', was: '15', publishedAt: node['publishedAt'], updatedAt: corrected['updatedAt'] });

    // 2024-12-31 was seeded as { number: '99' } only.
    await admin.setResult('Gali', '2024-12-31', '98');
    const old = (await rest('sattanamee/Gali/2024-12-31')) as Record<string, unknown>;
    expect(old).toEqual({ number: '98', was: '99', updatedAt: old['updatedAt'] });
    const log = Object.values((await rest('corrections')) as Record<string, Record<string, unknown>>);
    expect(log.filter((c) => c['date'] === '2024-12-31')).toEqual([
      { game: 'Gali', date: '2024-12-31', from: '99', to: '98', correctedAt: old['updatedAt'] },
    ]);
  });

  it('imports new dates silently with times, corrects changed ones and leaves equal ones alone', async () => {
    const admin = service('import');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await rest('sattanamee/Gali/2025-03-15', 'PUT', { number: '20', publishedAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 });
    await rest('sattanamee/Gali/2025-03-16', 'PUT', { number: '21', publishedAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 });
    const before = Date.now();
    expect(
      await admin.importResults([
        { game: 'Gali', date: '2025-03-13', number: '6' },
        { game: 'Gali', date: '2025-03-15', number: '22' },
        { game: 'Gali', date: '2025-03-16', number: '21' },
      ]),
    ).toBe(3);
    const after = Date.now();
    const added = (await rest('sattanamee/Gali/2025-03-13')) as Record<string, number>;
    expect(added).toEqual({ number: '06', silent: true, publishedAt: added['publishedAt'], updatedAt: added['publishedAt'] });
    expect(added['publishedAt']! >= before && added['publishedAt']! <= after).toBe(true);
    const changed = (await rest('sattanamee/Gali/2025-03-15')) as Record<string, number>;
    expect(changed).toEqual({ number: '22', was: '20', silent: true, publishedAt: 1_700_000_000_000, updatedAt: changed['updatedAt'] });
    expect(changed['updatedAt']! >= before && changed['updatedAt']! <= after).toBe(true);
    expect(await rest('sattanamee/Gali/2025-03-16')).toEqual({
      number: '21',
      publishedAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    });
    const log = Object.values((await rest('corrections')) as Record<string, Record<string, unknown>>);
    expect(log.filter((c) => c['date']?.toString().startsWith('2025-03'))).toEqual([
      { game: 'Gali', date: '2025-03-15', from: '20', to: '22', publishedAt: 1_700_000_000_000, correctedAt: changed['updatedAt'] },
    ]);
    // The audit keeps each written row's old and new number (the unchanged row wrote nothing).
    const audit = Object.values((await rest('audit')) as Record<string, Record<string, unknown>>);
    expect(audit.filter((e) => typeof e['new'] === 'string' && e['new'].includes('2025-03-1'))).toEqual([
      expect.objectContaining({
        path: 'sattanamee',
        email: DEMO_ADMIN.email,
        old: JSON.stringify({ 'Gali/2025-03-13': null, 'Gali/2025-03-15': '20' }),
        new: JSON.stringify({ 'Gali/2025-03-13': '06', 'Gali/2025-03-15': '22' }),
      }),
    ]);
  });

  it('tells which rows of an import would replace a published number', async () => {
    const admin = service('import-preview');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await rest('sattanamee/Gali/2025-04-10', 'PUT', { number: '97' });
    await rest('sattanamee/Disawar/2025-04-10', 'PUT', { number: '05' });
    expect(
      await admin.publishedNumbers([
        { game: 'Gali', date: '2025-04-10' },
        { game: 'Gali', date: '2025-04-11' },
        { game: 'Disawar', date: '2025-04-10' },
      ]),
    ).toEqual({ 'Gali/2025-04-10': '97', 'Disawar/2025-04-10': '05' });
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
    await expect(admin.updatePassword(DEMO_VISITOR.password, 'next-pass-1')).resolves.toBeUndefined();
    await admin.updatePassword('next-pass-1', DEMO_VISITOR.password);
  });
});
