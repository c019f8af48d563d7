import { describe, expect, it } from 'vitest';
import { describeAuditChange } from './auditFormat.ts';

const at = Date.UTC(2026, 10, 28, 6, 0);

describe("the audit trail's words for a game's notice", () => {
  it('says what was set and what was removed, naming the game and the day', () => {
    expect(describeAuditChange({ path: 'gameNotices/2026-11-28/Gali', old: 'null', new: '"रिजल्ट में देरी"', at }, 'Asia/Kolkata')).toBe(
      'Notice for Gali on 28-11-2026: रिजल्ट में देरी',
    );
    expect(describeAuditChange({ path: 'gameNotices/2026-11-28/Delhi Bazar', old: '"late"', new: 'null', at }, 'Asia/Kolkata')).toBe(
      'Removed the notice of Delhi Bazar on 28-11-2026',
    );
  });
});
