import { describe, expect, it } from 'vitest';
import { defaultResultDay } from './resultDay.ts';
import { siteNow } from './siteTime.ts';

/** The site's clock at an India wall-clock time. */
const at = (day: string, time: string) => siteNow(new Date(`${day}T${time}:00+05:30`), 'Asia/Kolkata');

describe('defaultResultDay', () => {
  it.each<[string, string, string | null | undefined, { date: string; drawnYesterday: boolean }]>([
    ['2026-11-21', '00:05', '11:30 PM', { date: '2026-11-20', drawnYesterday: true }],
    ['2026-11-21', '00:05', '02:00 AM', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '05:04', '11:30 PM', { date: '2026-11-20', drawnYesterday: true }],
    ['2026-11-21', '05:05', '11:30 PM', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '05:06', '11:30 PM', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '23:45', '11:30 PM', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '00:00', '11:30 PM', { date: '2026-11-20', drawnYesterday: true }],
    ['2026-11-21', '00:05', '05:05 AM', { date: '2026-11-20', drawnYesterday: true }],
    ['2026-11-21', '00:05', '05:04 AM', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '00:05', '12:00 AM', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '03:00', '06:15 PM', { date: '2026-11-20', drawnYesterday: true }],
    ['2026-11-21', '00:05', null, { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '00:05', undefined, { date: '2026-11-21', drawnYesterday: false }],
    ['2026-11-21', '00:05', 'N/A', { date: '2026-11-21', drawnYesterday: false }],
    ['2026-03-01', '00:05', '11:30 PM', { date: '2026-02-28', drawnYesterday: true }],
    ['2027-01-01', '01:00', '11:30 PM', { date: '2026-12-31', drawnYesterday: true }],
  ])('%s %s IST, game at %j -> %j', (day, time, gameTime, expected) => {
    expect(defaultResultDay(gameTime, at(day, time))).toEqual(expected);
  });
});
