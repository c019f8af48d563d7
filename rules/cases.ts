// The security-rules contract as data. Both the targaryen test (rules.test.ts) and the
// SDK test against the local server (rules.sdk.test.ts) replay these tables, so the
// evaluator and the real wire protocol are held to the same expectations.
import { createHash } from 'node:crypto';

export type Identity = 'anon' | 'user' | 'admin';
export const IDENTITIES: readonly Identity[] = ['anon', 'user', 'admin'];

/** Expected outcome per identity. */
export type Expect = Record<Identity, boolean>;

export const PUBLIC: Expect = { anon: true, user: true, admin: true };
export const ADMIN_ONLY: Expect = { anon: false, user: false, admin: true };
export const NOBODY: Expect = { anon: false, user: false, admin: false };

export const SERVER_TIMESTAMP = { '.sv': 'timestamp' } as const;

/** Key of a push subscription: base64url SHA-256 of its endpoint (43 characters). */
export function subscriptionKey(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url');
}

export const KNOWN_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/known-device';
export const KNOWN_SUB_KEY = subscriptionKey(KNOWN_ENDPOINT);
export const NEW_ENDPOINT = 'https://updates.push.services.mozilla.com/wpush/v2/new-device';
export const NEW_SUB_KEY = subscriptionKey(NEW_ENDPOINT);

export const VALID_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

export function subscription(endpoint: string): Record<string, unknown> {
  return { endpoint, keys: { ...VALID_KEYS }, createdAt: SERVER_TIMESTAMP };
}

export const ADMIN_UID = 'admin-uid';
export const USER_UID = 'u1';

export const VALID_KHAIWAL = {
  name: 'Ramesh Bhai',
  phone: '+91 98765 43210',
  phone2: '',
  wa: '919876543210',
  site: 'https://example.com/khaiwal',
  payment: 'UPI / Paytm',
  customTimings: [
    ['Gali', '11:30 PM'],
    ['Disawar', '02:00 AM'],
  ],
  customRates: { jodi: '10-----960', haruf: '100-----960' },
  updatedAt: SERVER_TIMESTAMP,
};

export const VALID_MIAN = {
  name: 'Admin',
  phnnumber: '+91 90000 00000',
  email: 'contact@example.com',
  banner: 'Fastest results',
  notice: 'सूचना',
  channel: 'https://t.me/example',
};

/** Database contents every case starts from. */
export const FIXTURE = {
  sattanamee: {
    Gali: { time: '11:30 PM', place: 11, '2024-01-01': { number: '05' } },
    // 2024-01-05 has a number and a dated no-draw mark: a number stored before its date was
    // marked (old data, or written around the rules), so a correction of it has a case.
    'Delhi Bazar': { time: '03:00 PM', place: 4, '2024-01-01': { number: '42' }, '2024-01-05': { number: '33' } },
  },
  // Days without a draw: Gali on Friday 2024-01-05, and every Sunday from 2024-01-07 on.
  holidays: {
    Gali: { dates: { '2024-01-05': true }, weekdays: { sun: '2024-01-07' } },
    'Delhi Bazar': { dates: { '2024-01-05': true } },
  },
  mian: { name: 'Admin', phnnumber: '+91 90000 00000' },
  adinfo: { Morning: { name: 'Gali ad', time: '11:00 AM' } },
  khaiwals: { k1: { ...VALID_KHAIWAL, updatedAt: 1_700_000_000_000 } },
  webPushSubscriptions: {
    [KNOWN_SUB_KEY]: { endpoint: KNOWN_ENDPOINT, keys: { ...VALID_KEYS }, createdAt: 1_700_000_000_000 },
  },
  audit: {
    e1: { uid: ADMIN_UID, email: 'admin@example.com', at: 1_700_000_000_000, path: 'mian/name', old: 'A', new: 'B' },
  },
  notifyState: { lastSent: { Gali: '2024-01-01' } },
  corrections: {
    c1: { game: 'Gali', date: '2024-01-01', from: '04', to: '05', publishedAt: 1_700_000_000_000, correctedAt: 1_700_000_060_000 },
  },
  scheduled: {
    Gali: { '2024-01-02': { number: '42', at: 1_704_216_000_000, createdAt: 1_700_000_000_000 } },
  },
  live: {
    days: { '2024-01-01': { Gali: { n: '05', p: 1_700_000_000_000 }, 'Delhi Bazar': { n: '42', p: 1_700_000_000_000 } } },
    v: { mian: 1_700_000_000_000, games: 1_700_000_000_000, holidays: 1_700_000_000_000 },
  },
  gameNotices: { '2024-01-01': { Gali: 'रिजल्ट में देरी' } },
  liveDigests: { mian: 'k3x9a-2f' },
};

/** A number the admin entered ahead of time; the notify service publishes it at `at`. */
const scheduledEntry = { number: '42', at: 1_704_216_000_000, createdAt: SERVER_TIMESTAMP };

const correction = {
  game: 'Gali',
  date: '2024-01-01',
  from: '05',
  to: '06',
  publishedAt: 1_700_000_000_000,
  correctedAt: SERVER_TIMESTAMP,
};

export interface ReadCase {
  path: string;
  expect: Expect;
}

export const READ_CASES: readonly ReadCase[] = [
  { path: 'sattanamee', expect: PUBLIC },
  { path: 'sattanamee/Gali', expect: PUBLIC },
  { path: 'sattanamee/Delhi Bazar/2024-01-01/number', expect: PUBLIC },
  { path: 'sattanamee/Gali/time', expect: PUBLIC },
  { path: 'corrections', expect: PUBLIC },
  { path: 'corrections/c1', expect: PUBLIC },
  { path: 'khaiwals', expect: PUBLIC },
  { path: 'khaiwals/k1', expect: PUBLIC },
  { path: 'mian', expect: PUBLIC },
  { path: 'mian/name', expect: PUBLIC },
  { path: 'adinfo', expect: PUBLIC },
  { path: 'adinfo/Morning', expect: PUBLIC },
  // Days without a draw are shown on every page, as the results are.
  { path: 'holidays', expect: PUBLIC },
  { path: 'holidays/Gali', expect: PUBLIC },
  { path: 'holidays/Gali/dates/2024-01-05', expect: PUBLIC },
  { path: 'holidays/Gali/weekdays/sun', expect: PUBLIC },
  // An endpoint is a bearer secret: no visitor reads an entry, even one whose key they know.
  { path: `webPushSubscriptions/${KNOWN_SUB_KEY}`, expect: ADMIN_ONLY },
  { path: `webPushSubscriptions/${NEW_SUB_KEY}`, expect: ADMIN_ONLY },
  { path: '', expect: NOBODY },
  { path: 'webPushSubscriptions', expect: ADMIN_ONLY },
  { path: 'audit', expect: ADMIN_ONLY },
  { path: 'audit/e1', expect: ADMIN_ONLY },
  { path: 'notifyState', expect: ADMIN_ONLY },
  { path: 'notifyState/lastSent', expect: ADMIN_ONLY },
  // A number scheduled ahead of time stays private until the notify service publishes it.
  { path: 'scheduled', expect: ADMIN_ONLY },
  { path: 'scheduled/Gali', expect: ADMIN_ONLY },
  { path: 'scheduled/Gali/2024-01-02', expect: ADMIN_ONLY },
  { path: 'scheduled/Gali/2024-01-02/number', expect: ADMIN_ONLY },
  // The live read model is what every public page listens to.
  { path: 'live', expect: PUBLIC },
  { path: 'live/days', expect: PUBLIC },
  { path: 'live/days/2024-01-01', expect: PUBLIC },
  { path: 'live/days/2024-01-01/Gali', expect: PUBLIC },
  { path: 'live/v', expect: PUBLIC },
  { path: 'live/v/mian', expect: PUBLIC },
  { path: 'live/v/holidays', expect: PUBLIC },
  { path: 'gameNotices', expect: PUBLIC },
  { path: 'gameNotices/2024-01-01', expect: PUBLIC },
  { path: 'gameNotices/2024-01-01/Gali', expect: PUBLIC },
  // The render service's digests (it reads them through firebase-admin): no client reads them.
  { path: 'liveDigests', expect: NOBODY },
  { path: 'liveDigests/mian', expect: NOBODY },
  { path: 'somethingElse', expect: NOBODY },
];

export interface WriteCase {
  name: string;
  /** `set` replaces the value at path (null deletes); `update` merges the patch's children. */
  op: 'set' | 'update';
  path: string;
  value: unknown;
  expect: Expect;
}

const set = (name: string, path: string, value: unknown, expect: Expect): WriteCase => ({ name, op: 'set', path, value, expect });
const update = (name: string, path: string, value: Record<string, unknown>, expect: Expect): WriteCase => ({
  name,
  op: 'update',
  path,
  value,
  expect,
});

const auditEntry = { uid: ADMIN_UID, email: 'admin@example.com', at: SERVER_TIMESTAMP, path: 'mian/name', old: 'Admin', new: 'Boss' };

/** A first publication as the dashboard writes it: the result, its live entry (and the live window's trim), the audit entry. */
const publishUpdate = {
  'sattanamee/Gali/2024-01-02': { number: '07', publishedAt: SERVER_TIMESTAMP, updatedAt: SERVER_TIMESTAMP },
  'live/days/2024-01-02/Gali': { n: '07', p: SERVER_TIMESTAMP },
  'live/days/2023-12-31': null,
  'audit/e6': { ...auditEntry, path: 'sattanamee/Gali/2024-01-02', old: null, new: '"07"' },
};

/** Every admin write of the product: only the admin may make it. */
export const ADMIN_WRITE_CASES: readonly WriteCase[] = [
  set('result number for a new date', 'sattanamee/Gali/2024-01-02/number', '07', ADMIN_ONLY),
  set('result number overwritten', 'sattanamee/Gali/2024-01-01/number', '99', ADMIN_ONLY),
  set('result node for a date', 'sattanamee/Gali/2024-01-03', { number: '00' }, ADMIN_ONLY),
  set('result deleted', 'sattanamee/Gali/2024-01-01', null, ADMIN_ONLY),
  set('game time', 'sattanamee/Gali/time', '11:45 PM', ADMIN_ONLY),
  update('game time by update', 'sattanamee/Gali', { time: '02:00 AM' }, ADMIN_ONLY),
  set('game place', 'sattanamee/Gali/place', 3, ADMIN_ONLY),
  set('game sattaname', 'sattanamee/Gali/sattaname', 'Gali', ADMIN_ONLY),
  set('new game', 'sattanamee/Sadar Bazar', { time: '02:40 PM', place: 14 }, ADMIN_ONLY),
  set('main info set', 'mian', VALID_MIAN, ADMIN_ONLY),
  update('main info update', 'mian', { name: 'Boss', phnnumber: '+91 90000 00001' }, ADMIN_ONLY),
  update('main info phone of digits alone', 'mian', { phnnumber: '9876543210' }, ADMIN_ONLY),
  set('main info banner', 'mian/banner', 'सबसे तेज़ रिज़ल्ट', ADMIN_ONLY),
  set('main info channel cleared', 'mian/channel', '', ADMIN_ONLY),
  set('ad info whole object', 'adinfo', { Morning: { name: 'A', time: '10:00 AM' }, Evening: { name: 'B', time: '06:00 PM' } }, ADMIN_ONLY),
  set('khaiwal create', 'khaiwals/-NewPushId000000000', VALID_KHAIWAL, ADMIN_ONLY),
  set(
    'khaiwal create without optional fields',
    'khaiwals/k2',
    {
      name: 'B',
      phone: '98765 43210',
      wa: '1',
      site: 'http://b.example',
      payment: 'cash',
    },
    ADMIN_ONLY,
  ),
  set('khaiwal overwrite', 'khaiwals/k1', { ...VALID_KHAIWAL, name: 'Suresh' }, ADMIN_ONLY),
  update('khaiwal update', 'khaiwals/k1', { name: 'Suresh', updatedAt: SERVER_TIMESTAMP }, ADMIN_ONLY),
  set('khaiwal delete', 'khaiwals/k1', null, ADMIN_ONLY),
  set('audit entry create', 'audit/e2', auditEntry, ADMIN_ONLY),
  set('audit entry of a creation (no old value)', 'audit/e3', { ...auditEntry, old: null }, ADMIN_ONLY),
  update(
    'multi-path update with audit',
    '',
    {
      'sattanamee/Gali/2024-01-02/number': '11',
      'audit/e4': { ...auditEntry, path: 'sattanamee/Gali/2024-01-02/number', old: null, new: '11' },
    },
    ADMIN_ONLY,
  ),
  set('notify state', 'notifyState/lastSent/Gali', '2024-01-02', ADMIN_ONLY),
  set('a pending push 30 s ahead', 'notifyState/pending/2026-11-25/Gali', { number: '42', sendAt: Date.now() + 30_000 }, ADMIN_ONLY),
  // The undo window is at most 600 s: an end days ahead is no window (and Node fires a timer
  // over 24.8 days at once).
  set(
    'a pending push 30 days ahead',
    'notifyState/pending/2026-11-25/Gali',
    { number: '42', sendAt: Date.now() + 30 * 86_400_000 },
    NOBODY,
  ),
  set('a pending push of one digit', 'notifyState/pending/2026-11-25/Gali', { number: '4', sendAt: Date.now() }, NOBODY),
  set('a pending push with another field', 'notifyState/pending/2026-11-25/Gali', { number: '42', sendAt: Date.now(), extra: 1 }, NOBODY),
  set(
    'result with its publish and change times',
    'sattanamee/Gali/2024-01-02',
    {
      number: '07',
      publishedAt: SERVER_TIMESTAMP,
      updatedAt: SERVER_TIMESTAMP,
    },
    ADMIN_ONLY,
  ),
  set(
    'back-filled result, never pushed',
    'sattanamee/Gali/2024-01-02',
    { number: '07', silent: true, publishedAt: SERVER_TIMESTAMP },
    ADMIN_ONLY,
  ),
  update(
    'correction: new number, earlier value, log entry',
    '',
    {
      'sattanamee/Gali/2024-01-01/number': '06',
      'sattanamee/Gali/2024-01-01/was': '05',
      'sattanamee/Gali/2024-01-01/updatedAt': SERVER_TIMESTAMP,
      'corrections/c2': correction,
    },
    ADMIN_ONLY,
  ),
  set('correction log entry deleted (an undone correction)', 'corrections/c1', null, ADMIN_ONLY),
  set('scheduled number created', 'scheduled/Gali/2024-01-03', scheduledEntry, ADMIN_ONLY),
  set('scheduled number changed', 'scheduled/Gali/2024-01-02', { ...scheduledEntry, number: '43', at: 1_704_216_060_000 }, ADMIN_ONLY),
  set('scheduled number cancelled', 'scheduled/Gali/2024-01-02', null, ADMIN_ONLY),
  // The shape the notify service leaves on an entry it refused for a day without a draw.
  set(
    'scheduled number refused for a day without a draw',
    'scheduled/Gali/2024-01-03',
    { ...scheduledEntry, refused: 'no-draw' },
    ADMIN_ONLY,
  ),
  set('live entry of a first publication', 'live/days/2024-01-02/Gali', { n: '07', p: SERVER_TIMESTAMP }, ADMIN_ONLY),
  update('live entry of a correction, field by field', 'live/days/2024-01-01/Gali', { n: '06', u: SERVER_TIMESTAMP, w: '05' }, ADMIN_ONLY),
  set('live entry removed (an undone publication)', 'live/days/2024-01-01/Gali', null, ADMIN_ONLY),
  set('live day dropped from the window', 'live/days/2024-01-01', null, ADMIN_ONLY),
  set('live version stamped', 'live/v/mian', SERVER_TIMESTAMP, ADMIN_ONLY),
  set('live version of a part stamped the first time', 'live/v/corrections', SERVER_TIMESTAMP, ADMIN_ONLY),
  update('publish: result, live entry and audit entry in one update', '', publishUpdate, ADMIN_ONLY),
  update(
    'correction: result, corrections entry, live fields and version, audit entry in one update',
    '',
    {
      'sattanamee/Gali/2024-01-01/number': '06',
      'sattanamee/Gali/2024-01-01/was': '05',
      'sattanamee/Gali/2024-01-01/updatedAt': SERVER_TIMESTAMP,
      'corrections/c2': correction,
      'live/days/2024-01-01/Gali/n': '06',
      'live/days/2024-01-01/Gali/u': SERVER_TIMESTAMP,
      'live/days/2024-01-01/Gali/w': '05',
      'live/v/corrections': SERVER_TIMESTAMP,
      'audit/e7': { ...auditEntry, path: 'sattanamee/Gali/2024-01-01', old: '"05"', new: '"06"' },
    },
    ADMIN_ONLY,
  ),
  update(
    'main info with its live version and audit entry',
    '',
    { 'mian/notice': 'Holiday', 'live/v/mian': SERVER_TIMESTAMP, 'audit/e8': { ...auditEntry, path: 'mian' } },
    ADMIN_ONLY,
  ),
  update(
    'scheduled number with its audit entry',
    '',
    {
      'scheduled/Disawar/2024-01-02': scheduledEntry,
      'audit/e5': { ...auditEntry, path: 'scheduled/Disawar/2024-01-02', old: null, new: '42' },
    },
    ADMIN_ONLY,
  ),
  // Text XML 1.0 may hold (see INVALID_ADMIN_CASES): Hindi, tab, line feed and carriage return pass.
  set('game sattaname in Hindi', 'sattanamee/Gali/sattaname', 'गली', ADMIN_ONLY),
  set('new game named in Hindi', 'sattanamee/दिल्ली बाज़ार', { time: '03:00 PM', place: 5 }, ADMIN_ONLY),
  set('main info notice with a tab and line breaks', 'mian/notice', 'आज छुट्टी है\n\tकल\r\nफिर', ADMIN_ONLY),
  set('main info banner with a line break', 'mian/banner', 'सबसे तेज़\nरिज़ल्ट', ADMIN_ONLY),
  set('ad info in Hindi', 'adinfo/सुबह', { name: 'गली विज्ञापन', time: 'सुबह 11 बजे' }, ADMIN_ONLY),
  set(
    'khaiwal in Hindi with a line break in payment',
    'khaiwals/k3',
    { ...VALID_KHAIWAL, name: 'रमेश भाई', payment: 'UPI\nपेटीएम' },
    ADMIN_ONLY,
  ),
  set('correction of a game named in Hindi', 'corrections/c3', { ...correction, game: 'दिल्ली बाज़ार' }, ADMIN_ONLY),
  // A game's notice of the day (shared/domain/gameNotice.ts): written and removed by the admin.
  set('game notice in Hindi', 'gameNotices/2024-01-02/Gali', 'रिजल्ट में देरी', ADMIN_ONLY),
  set('game notice of 60 characters', 'gameNotices/2024-01-02/Gali', 'x'.repeat(60), ADMIN_ONLY),
  set('game notice removed', 'gameNotices/2024-01-01/Gali', null, ADMIN_ONLY),
  set('game notices of a day removed', 'gameNotices/2024-01-01', null, ADMIN_ONLY),
  update(
    'game notice with its live version and audit entry',
    '',
    {
      'gameNotices/2024-01-02/Gali': 'Result delayed',
      'live/v/notices': SERVER_TIMESTAMP,
      'audit/e10': { ...auditEntry, path: 'gameNotices/2024-01-02/Gali', old: null, new: '"Result delayed"' },
    },
    ADMIN_ONLY,
  ),
  // Days without a draw (shared/domain/holidays.ts): the admin marks and clears them.
  set('no-draw date marked', 'holidays/Gali/dates/2024-01-06', true, ADMIN_ONLY),
  set('no-draw date cleared', 'holidays/Gali/dates/2024-01-05', null, ADMIN_ONLY),
  set("a game's last no-draw date cleared", 'holidays/Delhi Bazar/dates/2024-01-05', null, ADMIN_ONLY),
  set('no-draw weekday marked from a first date', 'holidays/Gali/weekdays/mon', '2024-01-08', ADMIN_ONLY),
  set('no-draw weekday moved to another first date', 'holidays/Gali/weekdays/sun', '2024-01-14', ADMIN_ONLY),
  set('no-draw weekday cleared', 'holidays/Gali/weekdays/sun', null, ADMIN_ONLY),
  set(
    'no-draw marks of a game without any',
    'holidays/Disawar',
    { dates: { '2024-01-06': true }, weekdays: { fri: '2024-01-05', sat: '2024-01-06' } },
    ADMIN_ONLY,
  ),
  set('no-draw marks of a game named in Hindi', 'holidays/दिल्ली बाज़ार', { dates: { '2024-01-06': true } }, ADMIN_ONLY),
  set('all no-draw marks cleared', 'holidays', null, ADMIN_ONLY),
  set('live version of holidays stamped', 'live/v/holidays', SERVER_TIMESTAMP, ADMIN_ONLY),
  update(
    'no-draw date with its live version and audit entry in one update',
    '',
    {
      'holidays/Gali/dates/2024-01-06': true,
      'live/v/holidays': SERVER_TIMESTAMP,
      'audit/e9': { ...auditEntry, path: 'holidays/Gali/dates/2024-01-06', old: 'null', new: 'true' },
    },
    ADMIN_ONLY,
  ),
  // The cross-checks with the results let through what does not add a number to a marked date
  // nor a mark to a date with a number (see NO_DRAW_CROSS_CASES for what they refuse).
  set('correction of a number on a date with a dated no-draw mark', 'sattanamee/Delhi Bazar/2024-01-05/number', '34', ADMIN_ONLY),
  set('number on a date with a dated no-draw mark deleted', 'sattanamee/Delhi Bazar/2024-01-05', null, ADMIN_ONLY),
  set(
    "a game's no-draw marks rewritten, keeping a dated mark of a date with a number",
    'holidays/Delhi Bazar',
    { dates: { '2024-01-05': true }, weekdays: { sun: '2024-01-07' } },
    ADMIN_ONLY,
  ),
  set('first number on a date next to a dated no-draw mark', 'sattanamee/Gali/2024-01-04', { number: '07' }, ADMIN_ONLY),
  set('first number for another game on a dated no-draw mark of Gali', 'sattanamee/Delhi Bazar/2024-01-06', { number: '07' }, ADMIN_ONLY),
  // A weekly mark is the app's check only: the rules cannot compute a weekday (Sunday 2024-01-14).
  set('first number on a weekday with a weekly no-draw mark', 'sattanamee/Gali/2024-01-14', { number: '07' }, ADMIN_ONLY),
  update(
    'no-draw mark cleared and a first number published in one update',
    '',
    {
      'holidays/Gali/dates/2024-01-05': null,
      'sattanamee/Gali/2024-01-05': { number: '07', publishedAt: SERVER_TIMESTAMP, updatedAt: SERVER_TIMESTAMP },
    },
    ADMIN_ONLY,
  ),
  update(
    'number undone and its date marked as having no draw in one update',
    '',
    { 'sattanamee/Gali/2024-01-01': null, 'holidays/Gali/dates/2024-01-01': true },
    ADMIN_ONLY,
  ),
];

/** Values the admin may not write either: the rules validate shape, not only identity. */
export const INVALID_ADMIN_CASES: readonly WriteCase[] = [
  ...(['5', '100', 'ab', '', ' 5', '5 ', '٠٥'] as const).map((n) =>
    set(`number ${JSON.stringify(n)}`, 'sattanamee/Gali/2024-01-02/number', n, NOBODY),
  ),
  set('number as a JSON number', 'sattanamee/Gali/2024-01-02/number', 7, NOBODY),
  set('number under a non-date key', 'sattanamee/Gali/yesterday/number', '05', NOBODY),
  set('number under 2024-13-01', 'sattanamee/Gali/2024-13-01/number', '05', NOBODY),
  set('number under 2024-1-1', 'sattanamee/Gali/2024-1-1/number', '05', NOBODY),
  set('number under 2024-01-32', 'sattanamee/Gali/2024-01-32/number', '05', NOBODY),
  set('date node with an unknown field', 'sattanamee/Gali/2024-01-02', { number: '05', note: 'x' }, NOBODY),
  set('date node without number', 'sattanamee/Gali/2024-01-02', { note: 'x' }, NOBODY),
  set('date node as a bare value', 'sattanamee/Gali/2024-01-02', '05', NOBODY),
  ...(['25:00 PM', '13:00 PM', '00:30 AM', '12:60 PM', '12:20pm', '12:20 pm', '1:20 PM', '12:20PM', ' 12:20 PM', ''] as const).map((t) =>
    set(`time ${JSON.stringify(t)}`, 'sattanamee/Gali/time', t, NOBODY),
  ),
  set('time as a number', 'sattanamee/Gali/time', 1220, NOBODY),
  set('place as a string', 'sattanamee/Gali/place', '3', NOBODY),
  set('game as a bare value', 'sattanamee/Gali', 'x', NOBODY),
  set('game with a bad time', 'sattanamee/Puskar', { time: '1:40pm', place: 13 }, NOBODY),
  set('main info without name', 'mian', { phnnumber: '+91 1' }, NOBODY),
  set('main info with blank name', 'mian', { name: '   ', phnnumber: '+91 1' }, NOBODY),
  set('main info with empty phone', 'mian', { name: 'A', phnnumber: '' }, NOBODY),
  set('main info phone as a number', 'mian', { name: 'A', phnnumber: 9000000000 }, NOBODY),
  update('main info phone in words', 'mian', { phnnumber: 'call me maybe' }, NOBODY),
  update('main info phone with a hyphen', 'mian', { phnnumber: '+91 98765-43210' }, NOBODY),
  update('main info phone of 5 digits', 'mian', { phnnumber: '+91 1' }, NOBODY),
  update('main info phone of 16 digits', 'mian', { phnnumber: '1234567890123456' }, NOBODY),
  update('main info phone with two spaces in a row', 'mian', { phnnumber: '+91  98765 43210' }, NOBODY),
  set('main info unknown field', 'mian', { ...VALID_MIAN, owner: 'x' }, NOBODY),
  set('main info http channel', 'mian/channel', 'http://t.me/example', NOBODY),
  set('main info javascript channel', 'mian/channel', 'javascript:alert(1)', NOBODY),
  set('ad info without time', 'adinfo/Morning', { name: 'A' }, NOBODY),
  set('ad info unknown field', 'adinfo/Morning', { name: 'A', time: '10:00 AM', url: 'x' }, NOBODY),
  set('khaiwal without name', 'khaiwals/k2', { ...VALID_KHAIWAL, name: undefined }, NOBODY),
  set('khaiwal with blank name', 'khaiwals/k2', { ...VALID_KHAIWAL, name: '  ' }, NOBODY),
  set('khaiwal phone in letters', 'khaiwals/k2', { ...VALID_KHAIWAL, phone: 'abcdef' }, NOBODY),
  set('khaiwal phone2 in letters', 'khaiwals/k2', { ...VALID_KHAIWAL, phone2: 'abcdef' }, NOBODY),
  set('khaiwal without payment', 'khaiwals/k2', { ...VALID_KHAIWAL, payment: undefined }, NOBODY),
  set('khaiwal site javascript:', 'khaiwals/k2', { ...VALID_KHAIWAL, site: 'javascript:alert(1)' }, NOBODY),
  set('khaiwal site ftp:', 'khaiwals/k2', { ...VALID_KHAIWAL, site: 'ftp://example.com' }, NOBODY),
  set('khaiwal site without host', 'khaiwals/k2', { ...VALID_KHAIWAL, site: 'https://' }, NOBODY),
  set('khaiwal site replaced by javascript:', 'khaiwals/k1/site', 'javascript:alert(1)', NOBODY),
  set('khaiwal unknown field', 'khaiwals/k2', { ...VALID_KHAIWAL, role: 'admin' }, NOBODY),
  set('khaiwal phone as a number', 'khaiwals/k2', { ...VALID_KHAIWAL, phone: 9876543210 }, NOBODY),
  set('khaiwal timing with three elements', 'khaiwals/k2', { ...VALID_KHAIWAL, customTimings: [['Gali', '11:30 PM', 'x']] }, NOBODY),
  set('khaiwal timing not a pair', 'khaiwals/k2', { ...VALID_KHAIWAL, customTimings: ['Gali 11:30 PM'] }, NOBODY),
  set('khaiwal rates without haruf', 'khaiwals/k2', { ...VALID_KHAIWAL, customRates: { jodi: '10-----960' } }, NOBODY),
  set('khaiwal updatedAt as a string', 'khaiwals/k2', { ...VALID_KHAIWAL, updatedAt: 'now' }, NOBODY),
  set('publish time as a string', 'sattanamee/Gali/2024-01-02', { number: '07', publishedAt: 'now' }, NOBODY),
  set('publish time in the future', 'sattanamee/Gali/2024-01-02', { number: '07', publishedAt: 4_102_444_800_000 }, NOBODY),
  set('change time as a string', 'sattanamee/Gali/2024-01-01/updatedAt', 'now', NOBODY),
  set('earlier value not two digits', 'sattanamee/Gali/2024-01-01/was', '5', NOBODY),
  set('silent set to false', 'sattanamee/Gali/2024-01-02', { number: '07', silent: false }, NOBODY),
  set('correction log entry changed', 'corrections/c1/to', '09', NOBODY),
  set('correction log entry replaced', 'corrections/c1', correction, NOBODY),
  set('correction without its new number', 'corrections/c2', { ...correction, to: undefined }, NOBODY),
  set('correction with a bad date', 'corrections/c2', { ...correction, date: '2024-1-1' }, NOBODY),
  set('correction with an unknown field', 'corrections/c2', { ...correction, note: 'x' }, NOBODY),
  set('correction list replaced', 'corrections', { c9: correction }, NOBODY),
  set('audit entry overwrite', 'audit/e1', auditEntry, NOBODY),
  set('audit entry delete', 'audit/e1', null, NOBODY),
  set('audit entry field change', 'audit/e1/new', 'forged', NOBODY),
  set('audit entry with another uid', 'audit/e2', { ...auditEntry, uid: 'someone-else' }, NOBODY),
  set('audit entry without path', 'audit/e2', { ...auditEntry, path: undefined }, NOBODY),
  set('audit list replaced', 'audit', { e9: auditEntry }, NOBODY),
  set('push subscription list replaced', 'webPushSubscriptions', {}, NOBODY),
  set('scheduled number not two digits', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, number: '5' }, NOBODY),
  set('scheduled number as a JSON number', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, number: 42 }, NOBODY),
  set('scheduled number without its time', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, at: undefined }, NOBODY),
  set('scheduled time as a string', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, at: '11:30 PM' }, NOBODY),
  set('scheduled number under a non-date key', 'scheduled/Gali/today', scheduledEntry, NOBODY),
  set('scheduled number with an unknown field', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, note: 'x' }, NOBODY),
  set('scheduled creation time in the future', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, createdAt: 4_102_444_800_000 }, NOBODY),
  set('scheduled entry as a bare value', 'scheduled/Gali/2024-01-03', '42', NOBODY),
  set('scheduled number refused for an unknown reason', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, refused: 'late' }, NOBODY),
  set('scheduled number refused as true', 'scheduled/Gali/2024-01-03', { ...scheduledEntry, refused: true }, NOBODY),
  set('live number of one digit', 'live/days/2024-01-02/Gali', { n: '7', p: SERVER_TIMESTAMP }, NOBODY),
  set('live number as a JSON number', 'live/days/2024-01-02/Gali', { n: 7, p: SERVER_TIMESTAMP }, NOBODY),
  set('live entry without its number', 'live/days/2024-01-02/Gali', { p: SERVER_TIMESTAMP }, NOBODY),
  set('live entry with an unknown field', 'live/days/2024-01-02/Gali', { n: '07', p: SERVER_TIMESTAMP, note: 'x' }, NOBODY),
  set('live entry as a bare value', 'live/days/2024-01-02/Gali', '07', NOBODY),
  set('live entry under a bad date key', 'live/days/2024-1-2/Gali', { n: '07' }, NOBODY),
  set('live entry under a non-date key', 'live/days/today/Gali', { n: '07' }, NOBODY),
  set('live entry of a game key over 64 characters', `live/days/2024-01-02/${'G'.repeat(65)}`, { n: '07' }, NOBODY),
  set('live publish time in the future', 'live/days/2024-01-02/Gali', { n: '07', p: 4_102_444_800_000 }, NOBODY),
  set('live change time as a string', 'live/days/2024-01-01/Gali/u', 'now', NOBODY),
  set('live earlier number not two digits', 'live/days/2024-01-01/Gali/w', '5', NOBODY),
  set('live day as a bare value', 'live/days/2024-01-02', '07', NOBODY),
  set('live version as a string', 'live/v/mian', 'now', NOBODY),
  set('live version in the future', 'live/v/mian', 4_102_444_800_000, NOBODY),
  set('live version of an unknown part', 'live/v/sattanamee', SERVER_TIMESTAMP, NOBODY),
  set('live unknown child', 'live/other', { a: 1 }, NOBODY),
  set('live node as a bare value', 'live', 1, NOBODY),
  update('publish whose live entry is invalid: nothing of it', '', { ...publishUpdate, 'live/days/2024-01-02/Gali': { n: '7' } }, NOBODY),
  // Characters XML 1.0 forbids (U+0000-U+0008, U+000B, U+000C, U+000E-U+001F, U+FFFE, U+FFFF):
  // refused in every free text a visitor sees or a feed carries, values and keys alike. Keys are
  // tested with U+FFFE and U+FFFF only: Firebase (and the SDK) refuse control characters in keys.
  set('sattaname with U+0001', 'sattanamee/Gali/sattaname', 'Ga\u0001li', NOBODY),
  set('sattaname with U+FFFE', 'sattanamee/Gali/sattaname', 'Gali\uFFFE', NOBODY),
  set('new game whose key holds U+FFFE', 'sattanamee/Ga\uFFFEli', { time: '03:00 PM', place: 5 }, NOBODY),
  set('result under a game key holding U+FFFF', 'sattanamee/Gali\uFFFF/2024-01-02/number', '07', NOBODY),
  set('correction whose game holds U+0001', 'corrections/c2', { ...correction, game: 'Ga\u0001li' }, NOBODY),
  set('correction whose game holds U+000B', 'corrections/c2', { ...correction, game: 'Gali\u000B' }, NOBODY),
  set('correction whose game holds U+FFFE', 'corrections/c2', { ...correction, game: 'Gali\uFFFE' }, NOBODY),
  set('main info with U+0001 in the name', 'mian', { ...VALID_MIAN, name: 'Ad\u0001min' }, NOBODY),
  update('main info name with U+FFFE', 'mian', { name: 'Admin\uFFFE' }, NOBODY),
  set('main info email with U+0000', 'mian/email', 'contact\u0000@example.com', NOBODY),
  set('main info banner with U+000C', 'mian/banner', 'सबसे तेज़\u000C', NOBODY),
  set('main info notice with U+0001', 'mian/notice', 'सूचना\u0001', NOBODY),
  set('main info notice with U+FFFF', 'mian/notice', 'सूचना\uFFFF', NOBODY),
  set('main info channel with U+0001', 'mian/channel', 'https://t.me/exa\u0001mple', NOBODY),
  set('ad info name with U+0001', 'adinfo/Morning', { name: 'Gali\u0001 ad', time: '11:00 AM' }, NOBODY),
  set('ad info time with U+001F', 'adinfo/Morning', { name: 'Gali ad', time: '11:00 AM\u001F' }, NOBODY),
  set('ad info label holding U+FFFE', 'adinfo/Morning\uFFFE', { name: 'Gali ad', time: '11:00 AM' }, NOBODY),
  set('khaiwal name with U+0001', 'khaiwals/k2', { ...VALID_KHAIWAL, name: 'Ramesh\u0001' }, NOBODY),
  set('khaiwal wa with U+0008', 'khaiwals/k2', { ...VALID_KHAIWAL, wa: '91987654\u00083210' }, NOBODY),
  set('khaiwal site with U+0001', 'khaiwals/k2', { ...VALID_KHAIWAL, site: 'https://example.com/\u0001' }, NOBODY),
  set('khaiwal payment with U+FFFE', 'khaiwals/k2', { ...VALID_KHAIWAL, payment: 'UPI\uFFFE' }, NOBODY),
  set('khaiwal timing game with U+0001', 'khaiwals/k2', { ...VALID_KHAIWAL, customTimings: [['Ga\u0001li', '11:30 PM']] }, NOBODY),
  set('khaiwal timing time with U+000E', 'khaiwals/k2', { ...VALID_KHAIWAL, customTimings: [['Gali', '11:30 PM\u000E']] }, NOBODY),
  set('khaiwal jodi rate with U+0001', 'khaiwals/k2', { ...VALID_KHAIWAL, customRates: { jodi: '10\u0001960', haruf: '100' } }, NOBODY),
  set('khaiwal haruf rate with U+FFFF', 'khaiwals/k2', { ...VALID_KHAIWAL, customRates: { jodi: '10', haruf: '100\uFFFF' } }, NOBODY),
  set('khaiwal name changed to hold U+0001', 'khaiwals/k1/name', 'Ramesh\u0001', NOBODY),
  set('live entry under a game key holding U+FFFE', 'live/days/2024-01-02/Gali\uFFFE', { n: '07' }, NOBODY),
  set('scheduled number under a game key holding U+FFFE', 'scheduled/Gali\uFFFE/2024-01-03', scheduledEntry, NOBODY),
  // A game's notice: gameNotices/{YYYY-MM-DD}/{game} = a non-blank string of at most 60 characters.
  set('game notice of 61 characters', 'gameNotices/2024-01-02/Gali', 'x'.repeat(61), NOBODY),
  set('game notice empty', 'gameNotices/2024-01-02/Gali', '', NOBODY),
  set('game notice blank', 'gameNotices/2024-01-02/Gali', '   ', NOBODY),
  set('game notice as a number', 'gameNotices/2024-01-02/Gali', 42, NOBODY),
  set('game notice with children', 'gameNotices/2024-01-02/Gali', { text: 'late' }, NOBODY),
  set('game notice under a non-date key', 'gameNotices/today/Gali', 'late', NOBODY),
  set('game notice with U+0001', 'gameNotices/2024-01-02/Gali', 'late\u0001', NOBODY),
  set('live version of notices as a string', 'live/v/notices', 'now', NOBODY),
  // Days without a draw: holidays/{game} = { dates: { YYYY-MM-DD: true }, weekdays: { sun..sat: 'YYYY-MM-DD' } }.
  set('no-draw date under a non-date key', 'holidays/Gali/dates/tomorrow', true, NOBODY),
  set('no-draw date under 2024-13-01', 'holidays/Gali/dates/2024-13-01', true, NOBODY),
  set('no-draw date under 2024-1-6', 'holidays/Gali/dates/2024-1-6', true, NOBODY),
  set('no-draw date under 06-01-2024', 'holidays/Gali/dates/06-01-2024', true, NOBODY),
  set('no-draw date false', 'holidays/Gali/dates/2024-01-06', false, NOBODY),
  set('no-draw date as the string "true"', 'holidays/Gali/dates/2024-01-06', 'true', NOBODY),
  set('no-draw date as 1', 'holidays/Gali/dates/2024-01-06', 1, NOBODY),
  set('no-draw date with children', 'holidays/Gali/dates/2024-01-06', { reason: 'Diwali' }, NOBODY),
  set('no-draw weekday under a full name', 'holidays/Gali/weekdays/monday', '2024-01-08', NOBODY),
  set('no-draw weekday under an upper-case key', 'holidays/Gali/weekdays/Mon', '2024-01-08', NOBODY),
  set('no-draw weekday under an index', 'holidays/Gali/weekdays/1', '2024-01-08', NOBODY),
  set('no-draw weekday as true', 'holidays/Gali/weekdays/mon', true, NOBODY),
  set('no-draw weekday first date as a number', 'holidays/Gali/weekdays/mon', 1_704_672_000_000, NOBODY),
  set('no-draw weekday first date 08-01-2024', 'holidays/Gali/weekdays/mon', '08-01-2024', NOBODY),
  set('no-draw weekday first date 2024-1-8', 'holidays/Gali/weekdays/mon', '2024-1-8', NOBODY),
  set('no-draw weekday first date in words', 'holidays/Gali/weekdays/mon', 'every week', NOBODY),
  set('no-draw marks with an unknown child', 'holidays/Gali/note', 'Diwali', NOBODY),
  set(
    'no-draw marks of a game with an unknown child',
    'holidays/Disawar',
    { dates: { '2024-01-06': true }, months: { jan: true } },
    NOBODY,
  ),
  set('no-draw marks of a game as a bare value', 'holidays/Gali', true, NOBODY),
  set('no-draw dates as a bare value', 'holidays/Gali/dates', true, NOBODY),
  set('no-draw weekdays as a bare value', 'holidays/Gali/weekdays', 'sun', NOBODY),
  set('no-draw dates as a list', 'holidays/Disawar', { dates: ['2024-01-06'] }, NOBODY),
  set('holidays as a bare value', 'holidays', true, NOBODY),
  set('no-draw marks of a game key over 64 characters', `holidays/${'G'.repeat(65)}`, { dates: { '2024-01-06': true } }, NOBODY),
  set('no-draw marks under a game key holding U+FFFE', 'holidays/Gali\uFFFE', { dates: { '2024-01-06': true } }, NOBODY),
  set('live version of holidays as a string', 'live/v/holidays', 'now', NOBODY),
  set('live version of holidays in the future', 'live/v/holidays', 4_102_444_800_000, NOBODY),
  set('root', '', FIXTURE, NOBODY),
  set('unknown top-level path', 'somethingElse', { a: 1 }, NOBODY),
];

/**
 * What the cross-checks of the results and the dated no-draw marks refuse, even to the admin: a
 * first number for a date with a dated mark (Gali on 2024-01-05), and a dated mark on a date
 * with a number (Gali on 2024-01-01), alone or together in one update. Each check reads the data
 * as it would be after the write, so a number and a mark of the same date written together are
 * refused too.
 */
export const NO_DRAW_CROSS_CASES: readonly WriteCase[] = [
  set('first number on a date with a dated no-draw mark', 'sattanamee/Gali/2024-01-05', { number: '07' }, NOBODY),
  set('first number field on a date with a dated no-draw mark', 'sattanamee/Gali/2024-01-05/number', '07', NOBODY),
  set('back-filled first number on a date with a dated no-draw mark', 'sattanamee/Gali/2024-01-05', { number: '07', silent: true }, NOBODY),
  update(
    'publish of a date with a dated no-draw mark: nothing of it',
    '',
    {
      'sattanamee/Gali/2024-01-05': { number: '07', publishedAt: SERVER_TIMESTAMP, updatedAt: SERVER_TIMESTAMP },
      'live/days/2024-01-05/Gali': { n: '07', p: SERVER_TIMESTAMP },
      'audit/e6': { ...auditEntry, path: 'sattanamee/Gali/2024-01-05', old: null, new: '"07"' },
    },
    NOBODY,
  ),
  set(
    'game rewritten with a first number on a date with a dated no-draw mark',
    'sattanamee/Gali',
    { time: '11:30 PM', place: 11, '2024-01-01': { number: '05' }, '2024-01-05': { number: '07' } },
    NOBODY,
  ),
  set('dated no-draw mark on a date with a number', 'holidays/Gali/dates/2024-01-01', true, NOBODY),
  set(
    'no-draw marks of a game holding a date with a number',
    'holidays/Delhi Bazar',
    { dates: { '2024-01-01': true, '2024-01-05': true } },
    NOBODY,
  ),
  update(
    'a first number and a dated no-draw mark of the same date in one update',
    '',
    { 'sattanamee/Gali/2024-01-06': { number: '07' }, 'holidays/Gali/dates/2024-01-06': true },
    NOBODY,
  ),
];

/**
 * Push subscriptions are written only by the notify service (firebase-admin, which the rules do
 * not bind): a client that could create entries could fill the list with endpoints that never
 * answer and hold up every fan-out. Well-formed or not, anonymous or admin, every client write
 * is refused.
 */
export const SUBSCRIPTION_CASES: readonly WriteCase[] = [
  set('create', `webPushSubscriptions/${NEW_SUB_KEY}`, subscription(NEW_ENDPOINT), NOBODY),
  set(
    'create for a local 127.0.0.1 push service',
    `webPushSubscriptions/${subscriptionKey('http://127.0.0.1:4001/push/1')}`,
    subscription('http://127.0.0.1:4001/push/1'),
    NOBODY,
  ),
  set(
    'create with a key that sorts first',
    `webPushSubscriptions/-${NEW_SUB_KEY.slice(1)}`,
    subscription('https://tarpit.example/x'),
    NOBODY,
  ),
  set('overwrite an existing entry', `webPushSubscriptions/${KNOWN_SUB_KEY}`, subscription(NEW_ENDPOINT), NOBODY),
  set('change a field of an existing entry', `webPushSubscriptions/${KNOWN_SUB_KEY}/endpoint`, NEW_ENDPOINT, NOBODY),
  set('delete an existing entry', `webPushSubscriptions/${KNOWN_SUB_KEY}`, null, NOBODY),
  // The games a subscription follows: set only through the notify service (PUT /subscriptions/games).
  set('choose the games of an existing entry', `webPushSubscriptions/${KNOWN_SUB_KEY}/games`, { Gali: true }, NOBODY),
  set('follow no game', `webPushSubscriptions/${KNOWN_SUB_KEY}/games`, false, NOBODY),
];

/**
 * The render service's digests of the live node's parts: written and read only by the render
 * service's service account (firebase-admin, which the rules do not bind). No client, not even
 * the admin, reads or writes them.
 */
export const LIVE_DIGEST_CASES: readonly WriteCase[] = [
  set('a digest written', 'liveDigests/mian', 'k3x9a-3f', NOBODY),
  set('a digest of a new part', 'liveDigests/games', 'k3x9a-2f', NOBODY),
  set('a digest deleted', 'liveDigests/mian', null, NOBODY),
  set('the digests replaced', 'liveDigests', { mian: 'x' }, NOBODY),
];

/** Plain JSON (undefined fields dropped), as it travels over the wire. */
export function toJson(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
