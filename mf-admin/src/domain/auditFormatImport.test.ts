import { describe, expect, it } from 'vitest';
import { describeAuditChange } from './auditFormat.ts';

describe('the audit entry of a part of a large import', () => {
  it('says how many it wrote, which part, and its first and last row', () => {
    const entry = {
      path: 'sattanamee',
      at: Date.UTC(2026, 10, 28, 6, 0),
      old: JSON.stringify({ 'Gali/2005-03-01': '11' }),
      new: JSON.stringify({
        part: 3,
        of: 88,
        rows: 2500,
        first: 'Gali/2005-01-01',
        last: 'Gali/2011-11-04',
        replaced: { 'Gali/2005-03-01': '42' },
      }),
    };
    expect(describeAuditChange(entry, 'Asia/Kolkata')).toBe('2500 results imported (part 3 of 88: Gali 01-01-2005 … Gali 04-11-2011)');
  });
});
