import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@satta/shared/data';
import { describeAudit, formatAuditTime, formatAuditValue } from './auditFormat.ts';

describe('formatAuditTime', () => {
  it.each([
    [Date.parse('2026-11-21T08:45:09Z'), 'Asia/Kolkata', '2026-11-21 02:15:09 PM'],
    [Date.parse('2026-11-20T18:30:00Z'), 'Asia/Kolkata', '2026-11-21 12:00:00 AM'],
    [Date.parse('2026-11-21T06:30:00Z'), 'Asia/Kolkata', '2026-11-21 12:00:00 PM'],
    [Date.parse('2026-11-21T06:30:00Z'), 'UTC', '2026-11-21 06:30:00 AM'],
    [Number.NaN, 'Asia/Kolkata', ''],
  ])('%d in %s -> %j', (at, tz, text) => {
    expect(formatAuditTime(at, tz)).toBe(text);
  });
});

describe('formatAuditValue', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    ['null', '—'],
    ['"07"', '07'],
    ['"400 results imported"', '400 results imported'],
    ['{"name":"Raju","phnnumber":"1"}', '{"name":"Raju","phnnumber":"1"}'],
    ['not json', 'not json'],
    [JSON.stringify('x'.repeat(500)), `${'x'.repeat(159)}…`],
  ])('%j -> %j', (json, text) => {
    expect(formatAuditValue(json)).toBe(text);
  });
});

describe('describeAudit: each change as a sentence', () => {
  const TZ = 'Asia/Kolkata';
  const TODAY = '2026-11-27';
  /** 02:14 AM IST on 27-11-2026. */
  const AT = Date.parse('2026-11-27T02:14:00+05:30');
  const entry = (path: string, old: unknown, next: unknown, patch: Partial<AuditEntry> = {}): AuditEntry => ({
    id: 'e1',
    uid: 'admin-uid',
    email: 'admin@example.com',
    at: AT,
    path,
    old: old === null ? null : JSON.stringify(old),
    new: next === null ? null : JSON.stringify(next),
    ...patch,
  });
  const say = (e: AuditEntry) => describeAudit(e, TZ, TODAY);

  it.each([
    [entry('sattanamee/Gali/2026-11-26', '97', '42'), 'Gali 26-11: 97 → 42, by admin@example.com, 02:14 AM IST'],
    [entry('sattanamee/Gali/2026-11-26', null, '42'), 'Gali 26-11: 42 published, by admin@example.com, 02:14 AM IST'],
    [entry('sattanamee/Gali/2026-11-26', '42', null), 'Gali 26-11: 42 removed, by admin@example.com, 02:14 AM IST'],
    [entry('sattanamee/Gali/2019-03-05', null, '07'), 'Gali 05-03-2019: 07 published, by admin@example.com, 02:14 AM IST'],
    [
      entry('sattanamee/Faridabad/2026-11-27', null, '33', { uid: 'notify-service', email: null }),
      'Faridabad 27-11: 33 published, by notify-service, 02:14 AM IST',
    ],
    [entry('sattanamee/Gali/time', '11:30 PM', '11:45 PM'), 'Gali time: 11:30 PM → 11:45 PM, by admin@example.com, 02:14 AM IST'],
    [entry('sattanamee/Sadak/time', null, '08:40 PM'), 'Sadak time set to 08:40 PM, by admin@example.com, 02:14 AM IST'],
    [
      entry('sattanamee', { 'Gali/2026-11-10': '97', 'Gali/2026-11-11': null }, { 'Gali/2026-11-10': '42', 'Gali/2026-11-11': '05' }),
      '2 results imported, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('sattanamee', {}, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`Gali/2026-10-${10 + i}`, '01']))),
      '12 results imported, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry(
        'mian',
        { name: 'Raju', phnnumber: '+91 90000 00000', email: 'a@example.com' },
        { name: 'Raju', phnnumber: '+91 90000 00000', email: 'contact@example.com', channel: 'https://t.me/x' },
      ),
      'Main information changed: email, channel link, by admin@example.com, 02:14 AM IST',
    ],
    [entry('mian', { name: 'Raju' }, { name: 'Raju' }), 'Main information saved, by admin@example.com, 02:14 AM IST'],
    [
      entry(
        'adinfo',
        { top: { name: 'A', time: '01:00 PM' }, side: { name: 'B', time: '02:00 PM' } },
        { top: { name: 'A2', time: '01:00 PM' }, new: { name: 'C', time: '03:00 PM' } },
      ),
      'Ad info: added new; removed side; changed top, by admin@example.com, 02:14 AM IST',
    ],
    [entry('khaiwals/-k1', null, { name: 'Raju Bhai' }), 'Khaiwal Raju Bhai added, by admin@example.com, 02:14 AM IST'],
    [entry('khaiwals/-k1', { name: 'Raju Bhai' }, { name: 'Raju Bhai' }), 'Khaiwal Raju Bhai edited, by admin@example.com, 02:14 AM IST'],
    [
      entry('khaiwals/-k1', { name: 'Raju' }, { name: 'Raju Bhai' }),
      'Khaiwal Raju Bhai edited (was Raju), by admin@example.com, 02:14 AM IST',
    ],
    [entry('khaiwals/-k1', { name: 'Raju Bhai' }, null), 'Khaiwal Raju Bhai deleted, by admin@example.com, 02:14 AM IST'],
    [entry('notifyState/undoWindowSec', null, 60), 'Undo window set to 60 s, by admin@example.com, 02:14 AM IST'],
    [entry('notifyState/undoWindowSec', 60, 0), 'Undo window: 60 s → off, by admin@example.com, 02:14 AM IST'],
    [
      entry('scheduled/Gali/2026-11-27', null, { number: '42', at: Date.parse('2026-11-27T23:30:00+05:30') }),
      'Gali 27-11: 42 scheduled for 11:30 PM IST, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('scheduled/Gali/2026-11-27', { number: '42', at: 1 }, { number: '43', at: Date.parse('2026-11-27T23:00:00+05:30') }),
      'Gali 27-11: schedule changed to 43 at 11:00 PM IST, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('scheduled/Gali/2026-11-27', { number: '42', at: 1, createdAt: 1 }, null),
      'Gali 27-11: scheduled 42 cancelled, by admin@example.com, 02:14 AM IST',
    ],
    [entry('holidays/Gali/dates/2026-11-26', null, true), 'Marked Gali: no draw on 26-11-2026, by admin@example.com, 02:14 AM IST'],
    [
      entry('holidays/Gali/dates/2026-11-26', true, null),
      'Removed the no-draw mark of Gali on 26-11-2026, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('holidays/Gali/weekdays/sun', null, '2026-11-26'),
      'Marked Gali: no draw every Sunday from 26-11-2026, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('holidays/Gali/weekdays/sun', '2026-01-04', '2026-11-26'),
      'Marked Gali: no draw every Sunday from 26-11-2026 (was from 04-01-2026), by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('holidays/Gali/weekdays/sun', '2026-11-26', null),
      "Removed Gali's weekly no-draw mark on Sundays, by admin@example.com, 02:14 AM IST",
    ],
    [
      entry('holidays/Shri Ganesh/weekdays/tue', null, '2026-11-24'),
      'Marked Shri Ganesh: no draw every Tuesday from 24-11-2026, by admin@example.com, 02:14 AM IST',
    ],
    [
      entry('holidays/Gali/weekdays/sunday', null, '2026-11-26'),
      'holidays/Gali/weekdays/sunday changed, by admin@example.com, 02:14 AM IST',
    ],
    [entry('somewhere/else', 1, 2), 'somewhere/else changed, by admin@example.com, 02:14 AM IST'],
  ] as const)('%#: %s', (e, sentence) => {
    expect(say(e)).toBe(sentence);
  });

  it('gives the date of a change made before today', () => {
    expect(say(entry('sattanamee/Gali/2026-11-20', '97', '42', { at: Date.parse('2026-11-21T00:10:00+05:30') }))).toBe(
      'Gali 20-11: 97 → 42, by admin@example.com, 21-11-2026 12:10 AM IST',
    );
  });
});
