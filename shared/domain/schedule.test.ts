import { describe, expect, it } from 'vitest';
import { scheduleTime, scheduledClock } from './schedule.ts';

const IST = 'Asia/Kolkata';
// 2026-11-23 14:05:30.250 IST (08:35:30.250 UTC).
const NOW = new Date('2026-11-23T08:35:30.250Z');

describe('scheduleTime', () => {
  it('the game time today, still ahead: the instant of that minute in IST', () => {
    expect(scheduleTime({ kind: 'gameTime', game: 'Gali', gameTime: '11:30 PM' }, NOW, IST)).toEqual({
      ok: true,
      at: Date.parse('2026-11-23T18:00:00.000Z'),
      time: '11:30 PM',
    });
  });

  it('a chosen time, written loosely, in the next minute', () => {
    expect(scheduleTime({ kind: 'chosen', time: '2:06 pm' }, NOW, IST)).toEqual({
      ok: true,
      at: Date.parse('2026-11-23T08:36:00.000Z'),
      time: '02:06 PM',
    });
  });

  it("a whole hour ('6 pm'), read as every admin time is and shown as '06:00 PM'", () => {
    expect(scheduleTime({ kind: 'chosen', time: '6 pm' }, NOW, IST)).toEqual({
      ok: true,
      at: Date.parse('2026-11-23T12:30:00.000Z'),
      time: '06:00 PM',
    });
  });

  it.each([
    [
      { kind: 'gameTime', game: 'Disawar', gameTime: '02:00 AM' } as const,
      "Disawar's time today, 02:00 AM, has passed; nothing was scheduled.",
    ],
    [{ kind: 'gameTime', game: 'Gali', gameTime: null } as const, 'Gali has no time set; choose a time.'],
    [{ kind: 'chosen', time: '02:05 PM' } as const, '02:05 PM has passed today; choose a later time.'],
    [{ kind: 'chosen', time: '09:00 AM' } as const, '09:00 AM has passed today; choose a later time.'],
    [{ kind: 'chosen', time: '14:30' } as const, 'Time must be in HH:MM AM/PM format, for example 02:00 PM.'],
    [{ kind: 'chosen', time: '  ' } as const, 'Please enter a time.'],
  ])('%j is refused: %s', (when, error) => {
    expect(scheduleTime(when, NOW, IST)).toEqual({ ok: false, error });
  });
});

describe('scheduledClock', () => {
  it('shows the instant in IST', () => {
    expect(scheduledClock(Date.parse('2026-11-23T18:00:00.000Z'), IST)).toBe('11:30 PM');
    expect(scheduledClock(Date.parse('2026-11-23T08:36:00.000Z'), IST)).toBe('02:06 PM');
  });
});
