import { describe, expect, it } from 'vitest';
import { chartModel, describePreview, homeModel, previewDrawing } from './linkPreview.ts';
import { noticeLines } from './previewText.ts';
import { testSnapshot } from './testSupport.ts';
import type { Snapshot } from './snapshot.ts';

/*
 * The admin's notice of the day (shared/domain/gameNotice.ts) in the link previews of the home
 * page and of a game's chart: in the words (og:image:alt) and in the image, where 'Wait...' was.
 */
const TODAY = '2026-11-26';
const YESTERDAY = '2026-11-25';
const AT = Date.UTC(2026, 10, 26, 9, 0);

function snapshot(notices: Record<string, string> | undefined): Snapshot {
  const base = testSnapshot({
    at: AT,
    todayKey: TODAY,
    gameNames: ['Gali', 'Disawar'],
    games: [
      { name: 'Gali', time: '11:30 PM', place: 11, results: { [YESTERDAY]: '17', [TODAY]: '42' } },
      { name: 'Disawar', time: '02:00 AM', place: 12, results: { [YESTERDAY]: '05' } },
    ],
    khaiwals: [],
    mainInfo: {},
    adInfo: {},
    live: { days: {}, v: {} },
  });
  return notices === undefined ? base : { ...base, entries: { ...base.entries, [`notices:${TODAY}`]: notices } };
}

const TEXTS = (model: ReturnType<typeof homeModel>) => previewDrawing(model, AT, 'Asia/Kolkata').texts.map((t) => t.text);

describe('the game notice in the link previews', () => {
  it("the home preview says the notice instead of 'Wait...', in its words and its image", () => {
    const preview = describePreview({ kind: 'home' }, snapshot({ Disawar: 'रिजल्ट में देरी', Gali: 'late' }));
    expect(preview.alt).toBe('आज का रिज़ल्ट 26-11-2026 – Gali 42, Disawar रिजल्ट में देरी');
    const texts = TEXTS(homeModel(snapshot({ Disawar: 'रिजल्ट में देरी' })));
    expect(texts).toContain('रिजल्ट में देरी');
    expect(texts).not.toContain('Wait...');
  });

  it("without a notice, says 'Wait...' and keeps the address it had", () => {
    const without = describePreview({ kind: 'home' }, snapshot(undefined));
    expect(without.alt).toBe('आज का रिज़ल्ट 26-11-2026 – Gali 42, Disawar Wait...');
    expect(describePreview({ kind: 'home' }, snapshot({})).hash).toBe(without.hash);
    expect(describePreview({ kind: 'home' }, snapshot({ Disawar: 'late' })).hash).not.toBe(without.hash);
  });

  it("a game's chart preview of this year names the notice; a game with its number does not", () => {
    const data = snapshot({ Disawar: 'Result delayed', Gali: 'late' });
    expect(chartModel(data, 'Disawar', 2026).notice).toBe('Result delayed');
    expect(describePreview({ kind: 'chart', game: 'Disawar', year: 2026 }, data).alt).toBe(
      'Disawar Chart 2026: November 2026 – आज का रिज़ल्ट: Result delayed – सट्टा किंग रिज़ल्ट · Satta King Result',
    );
    expect(previewDrawing(chartModel(data, 'Disawar', 2026), AT, 'Asia/Kolkata').texts.map((t) => t.text)).toContain(
      'आज का रिज़ल्ट: Result delayed',
    );
    expect(chartModel(data, 'Gali', 2026).notice).toBeUndefined();
    expect(chartModel(data, 'Disawar', 2025).notice).toBeUndefined();
  });

  it('breaks a long notice into two lines at the space nearest the middle', () => {
    expect(noticeLines('late')).toEqual(['late']);
    expect(noticeLines('रिजल्ट में देरी, थोड़ा इंतज़ार करें')).toEqual(['रिजल्ट में देरी,', 'थोड़ा इंतज़ार करें']);
    expect(noticeLines('x'.repeat(30))).toEqual(['x'.repeat(30)]);
  });
});
