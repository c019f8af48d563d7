import { describe, expect, it } from 'vitest';
import type { DayMetas } from './results.ts';
import { correctionText, lastUpdatedText, latestUpdate, publishedText, resultDetail, siteDateTime } from './publishTimes.ts';

// 2026-11-21 18:02:05 UTC is 11:32:05 PM in India.
const AT_2332 = Date.UTC(2026, 10, 21, 18, 2, 5);
// 2026-11-21 18:10:42 UTC is 11:40:42 PM in India.
const AT_2340 = Date.UTC(2026, 10, 21, 18, 10, 42);
// 2026-11-22 03:35:00 UTC is 09:05 AM in India.
const AT_0905 = Date.UTC(2026, 10, 22, 3, 35, 0);

describe('publish times', () => {
  it('shows the publish time in IST, and nothing for old data', () => {
    expect(publishedText({ publishedAt: AT_2332, updatedAt: AT_2332 })).toBe('प्रकाशित 11:32 PM IST');
    expect(publishedText({ publishedAt: AT_0905 })).toBe('प्रकाशित 09:05 AM IST');
    expect(publishedText({})).toBeNull();
    expect(publishedText(undefined)).toBeNull();
  });

  it('words a correction with the earlier value and both times', () => {
    const meta = { publishedAt: AT_2332, updatedAt: AT_2340, was: '41' };
    expect(correctionText(meta)).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
    expect(resultDetail(meta)).toBe('संशोधित: पहले 41 (11:32 PM), बदला 11:40 PM IST');
    // Old data corrected: no publish time is known.
    expect(correctionText({ updatedAt: AT_2340, was: '41' })).toBe('संशोधित: पहले 41, बदला 11:40 PM IST');
    expect(correctionText({ publishedAt: AT_2332, updatedAt: AT_2332 })).toBeNull();
    expect(resultDetail({ publishedAt: AT_2332, updatedAt: AT_2332 })).toBe('प्रकाशित 11:32 PM IST');
    expect(resultDetail(undefined)).toBeNull();
  });

  it('says when the shown results were last updated, to the second', () => {
    expect(lastUpdatedText(AT_2340)).toBe('Last updated 11:40:42 PM IST');
    expect(siteDateTime(AT_0905)).toBe('22-11-2026 09:05 AM IST');
    const games: { meta?: DayMetas }[] = [
      { meta: { '2026-11-21': { publishedAt: AT_2332, updatedAt: AT_2340 }, '2026-11-22': { publishedAt: AT_0905, updatedAt: AT_0905 } } },
      {},
      { meta: { '2026-11-20': { publishedAt: AT_2332 } } },
    ];
    expect(latestUpdate(games, ['2026-11-20', '2026-11-21'])).toBe(AT_2340);
    expect(latestUpdate(games, ['2026-11-21', '2026-11-22'])).toBe(AT_0905);
    expect(latestUpdate([{}, { meta: {} }], ['2026-11-21'])).toBeNull();
  });
});
