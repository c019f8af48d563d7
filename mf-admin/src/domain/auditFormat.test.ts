import { describe, expect, it } from 'vitest';
import { formatAuditTime, formatAuditValue } from './auditFormat.ts';

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
