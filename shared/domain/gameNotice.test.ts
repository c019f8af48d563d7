import { describe, expect, it } from 'vitest';
import { gameNoticePaths, normalizeNotice, noticeProblem, noticeShown, readGameNotices } from './gameNotice.ts';

describe("a game's notice of the day", () => {
  it('is stored under its day and game', () => {
    expect(gameNoticePaths.day('2026-11-28')).toBe('gameNotices/2026-11-28');
    expect(gameNoticePaths.entry('2026-11-28', 'Delhi Bazar')).toBe('gameNotices/2026-11-28/Delhi Bazar');
  });

  it('is one line, its spaces collapsed, without the characters XML forbids', () => {
    expect(normalizeNotice('  रिजल्ट \n में\tदेरी  ')).toBe('रिजल्ट में देरी');
    expect(normalizeNotice('late\u0001')).toBe('late');
  });

  it('must say something, in at most 60 characters', () => {
    expect(noticeProblem('रिजल्ट में देरी')).toBeNull();
    expect(noticeProblem('x'.repeat(60))).toBeNull();
    expect(noticeProblem('   ')).toBe('Please write the notice.');
    expect(noticeProblem('x'.repeat(61))).toBe("The notice is 61 characters long; at most 60 fit in a game's row.");
    // Counted after the spaces are collapsed, as it is stored.
    expect(noticeProblem(`${'x'.repeat(30)}      ${'y'.repeat(29)}`)).toBeNull();
  });

  it('reads a day tolerantly: text only, cut to 60, never thrown', () => {
    expect(readGameNotices({ Gali: ' late ', Disawar: 5, Agra: '', Mathura: 'z'.repeat(70) })).toEqual({
      Gali: 'late',
      Mathura: 'z'.repeat(60),
    });
    expect(readGameNotices(null)).toEqual({});
    expect(readGameNotices(['late'])).toEqual({});
  });

  it('is shown only while the day has no number and has a draw', () => {
    const notices = { Gali: 'late' };
    expect(noticeShown(notices, 'Gali', null)).toBe('late');
    expect(noticeShown(notices, 'Gali', '42')).toBeNull();
    expect(noticeShown(notices, 'Gali', null, true)).toBeNull();
    expect(noticeShown(notices, 'Disawar', null)).toBeNull();
    expect(noticeShown(undefined, 'Gali', null)).toBeNull();
  });
});
