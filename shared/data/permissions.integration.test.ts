import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, push, ref, remove, serverTimestamp, set, update, type Database } from 'firebase/database';
import { startStack, DEMO_ADMIN, DEMO_VISITOR, type Stack } from '../../scripts/stack.ts';
import { sharedAuthEmulator } from '../../scripts/sharedAuthEmulator.ts';
import { DataService, adminView, type AdminView } from './service.ts';
import { memoryStore } from './cache.ts';
import { ownerRest, type RestMethod } from '../../scripts/ownerRest.ts';

/*
 * The rules are the guard, not the dashboard: signed out, and signed in as a user without the
 * admin claim, every write path of the product is tried directly with the Firebase SDK against
 * the local database running the project's database.rules.json. Each must be refused with
 * permission_denied and leave the data exactly as it was.
 */
let stack: Stack;
let before: unknown;
const services: DataService[] = [];

// 43 URL-safe characters: the shape of a real subscription key, so only the rules can refuse it.
const SUBSCRIPTION_KEY = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const SUBSCRIPTION = { endpoint: 'https://push.example/sub/secret', keys: { p256dh: 'BNcR', auth: 'tBHI' }, createdAt: 1 };

const SEED = {
  sattanamee: {
    Gali: { time: '11:30 PM', place: 11, '2026-11-20': { number: '42' } },
    Disawar: { time: '02:00 AM', place: 12 },
  },
  mian: { name: 'Admin', phnnumber: '+91 90000 00000' },
  adinfo: { top: { name: 'Top ad', time: '01:00 PM' } },
  khaiwals: {
    k1: {
      name: 'Raju',
      phone: '+91 90000 00001',
      wa: '919000000001',
      site: 'https://raju.example/',
      payment: 'UPI',
      customRates: { jodi: '10-----960', haruf: '100-----960' },
    },
  },
  audit: { a1: { uid: 'demo-admin', email: 'admin@example.com', at: 1, path: 'mian', new: '"x"' } },
  notifyState: { lastSent: 1 },
  webPushSubscriptions: { [SUBSCRIPTION_KEY]: SUBSCRIPTION },
};

const KHAIWAL = {
  name: 'Intruder',
  phone: '1',
  wa: '1',
  site: 'https://evil.example/',
  payment: 'cash',
  customRates: { jodi: '1', haruf: '1' },
};

/** Every way to change the data (and the lists no visitor may read), each a direct SDK call. */
const ATTEMPTS: [string, (db: Database) => Promise<unknown>][] = [
  ["create today's number: set sattanamee/{g}/{date}/number", (db) => set(ref(db, 'sattanamee/Gali/2026-11-21/number'), '11')],
  ['create a day: set sattanamee/{g}/{date}', (db) => set(ref(db, 'sattanamee/Gali/2026-11-21'), { number: '11' })],
  ['change a published number', (db) => set(ref(db, 'sattanamee/Gali/2026-11-20/number'), '43')],
  ['delete a published number', (db) => remove(ref(db, 'sattanamee/Gali/2026-11-20'))],
  ['set sattanamee/{g}/time', (db) => set(ref(db, 'sattanamee/Gali/time'), '10:00 PM')],
  ['update sattanamee/{g} with a time (the spec call)', (db) => update(ref(db, 'sattanamee/Gali'), { time: '10:00 PM' })],
  ['set sattanamee/{g}/place', (db) => set(ref(db, 'sattanamee/Gali/place'), 1)],
  ['set sattanamee/{g}/sattaname', (db) => set(ref(db, 'sattanamee/Gali/sattaname'), 'x')],
  ['create a game', (db) => set(ref(db, 'sattanamee/Intruder'), { time: '10:00 PM', place: 99 })],
  ['delete a game', (db) => remove(ref(db, 'sattanamee/Disawar'))],
  ['replace all games', (db) => set(ref(db, 'sattanamee'), null)],
  ['set mian', (db) => set(ref(db, 'mian'), { name: 'Intruder', phnnumber: '1' })],
  ['update mian', (db) => update(ref(db, 'mian'), { name: 'Intruder' })],
  ['delete mian', (db) => remove(ref(db, 'mian'))],
  ['set adinfo', (db) => set(ref(db, 'adinfo'), { top: { name: 'Intruder', time: 'now' } })],
  ['add one ad', (db) => set(ref(db, 'adinfo/extra'), { name: 'Intruder', time: 'now' })],
  ['create a khaiwal (push)', (db) => set(push(ref(db, 'khaiwals')), KHAIWAL)],
  ['update khaiwals/{id}', (db) => set(ref(db, 'khaiwals/k1'), KHAIWAL)],
  ['update one field of khaiwals/{id}', (db) => update(ref(db, 'khaiwals/k1'), { site: 'https://evil.example/' })],
  ['delete khaiwals/{id}', (db) => remove(ref(db, 'khaiwals/k1'))],
  [
    'append to the audit trail',
    (db) => set(push(ref(db, 'audit')), { uid: 'x', email: 'x', at: serverTimestamp(), path: 'mian', old: null, new: null }),
  ],
  ['rewrite an audit entry', (db) => set(ref(db, 'audit/a1/path'), 'nothing happened')],
  ['delete the audit trail', (db) => remove(ref(db, 'audit'))],
  ['read the audit trail', (db) => get(ref(db, 'audit'))],
  ['set notifyState', (db) => set(ref(db, 'notifyState'), { lastSent: 2 })],
  ['read notifyState', (db) => get(ref(db, 'notifyState'))],
  ['read the webPushSubscriptions list', (db) => get(ref(db, 'webPushSubscriptions'))],
  [
    "overwrite someone's push subscription",
    (db) => set(ref(db, `webPushSubscriptions/${SUBSCRIPTION_KEY}`), { ...SUBSCRIPTION, endpoint: 'https://evil.example/x' }),
  ],
  ["delete someone's push subscription", (db) => remove(ref(db, `webPushSubscriptions/${SUBSCRIPTION_KEY}`))],
  ['delete every push subscription', (db) => remove(ref(db, 'webPushSubscriptions'))],
  [
    'a multi-path update like the dashboard sends (result + audit)',
    (db) => update(ref(db), { 'sattanamee/Gali/2026-11-21/number': '11', 'audit/zz': { uid: 'x', at: 1, path: 'p' } }),
  ],
  ['replace the whole database', (db) => set(ref(db), { mian: { name: 'Intruder', phnnumber: '1' } })],
];

function service(name: string): AdminView {
  const s = new DataService(stack.config, { appName: name, store: memoryStore() });
  services.push(s);
  return adminView(s);
}

/** The owner's REST calls on the stack's database. */
const rest = (path: string, method?: RestMethod, body?: unknown) => ownerRest(stack.urls.database)(path, method, body);

beforeAll(async () => {
  stack = await startStack({ hosting: false, notify: false, auth: sharedAuthEmulator() });
  await rest('', 'PUT', SEED);
  before = await rest('');
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.dispose()));
  await stack?.stop();
});

describe.each([
  ['signed out', async () => service('anonymous')],
  [
    'signed in without the admin claim',
    async () => {
      const s = service('non-admin');
      const user = await s.signIn(DEMO_VISITOR.email, DEMO_VISITOR.password);
      expect(user.isAdmin).toBe(false);
      return s;
    },
  ],
])('%s', (_who, connect) => {
  let db: Database;
  beforeAll(async () => {
    db = await (await connect()).database();
  });

  it.each(ATTEMPTS)('%s: permission_denied', async (_name, attempt) => {
    await expect(attempt(db)).rejects.toThrow(/permission.denied/i);
  });

  it('the data service commands are refused the same way', async () => {
    const s = adminView(services[services.length - 1] as DataService);
    await expect(s.setResult('Gali', '2026-11-21', '11')).rejects.toThrow(/permission.denied/i);
    await expect(s.importResults([{ game: 'Gali', date: '2026-11-19', number: '11' }])).rejects.toThrow(/permission.denied/i);
    await expect(s.saveKhaiwal(null, { ...KHAIWAL, customTimings: [] })).rejects.toThrow(/permission.denied/i);
  });

  it('left every record exactly as it was', async () => {
    expect(before).toEqual(SEED);
    expect(await rest('')).toEqual(before);
  });
});

describe('the admin (control)', () => {
  it('may write the same paths, so the refusals above are the rules at work', async () => {
    const admin = service('admin');
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await set(ref(await admin.database(), 'sattanamee/Gali/time'), '10:00 PM');
    await remove(ref(await admin.database(), 'khaiwals/k1'));
    await expect(get(ref(await admin.database(), 'webPushSubscriptions'))).resolves.toBeTruthy();
    expect(await rest('sattanamee/Gali/time')).toBe('10:00 PM');
    expect(await rest('khaiwals/k1')).toBeNull();
  });
});
