import { describe, expect, it } from 'vitest';
import { resultPatch } from './resultPatch.ts';

const NOW = { '.sv': 'timestamp' };
const write = (before: unknown, value: string, silent = false) =>
  resultPatch({ game: 'Gali', dateKey: '2026-11-23', before, value, silent, serverTime: NOW, newCorrectionKey: () => 'c1' });

describe('resultPatch: the one rule of writing a result', () => {
  it('a first publication writes the whole node with both times', () => {
    expect(write(null, '42')).toEqual({ 'sattanamee/Gali/2026-11-23': { number: '42', publishedAt: NOW, updatedAt: NOW } });
    expect(write(null, '42', true)).toEqual({
      'sattanamee/Gali/2026-11-23': { number: '42', publishedAt: NOW, updatedAt: NOW, silent: true },
    });
  });

  it('the same number again writes nothing', () => {
    expect(write({ number: '42', publishedAt: 1 }, '42')).toBeNull();
    expect(write('42', '42')).toBeNull();
  });

  it('a different number is a correction: earlier value, new change time, a log entry with both times', () => {
    expect(write({ number: '41', publishedAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000, silent: true }, '42')).toEqual({
      'sattanamee/Gali/2026-11-23/number': '42',
      'sattanamee/Gali/2026-11-23/updatedAt': NOW,
      'sattanamee/Gali/2026-11-23/was': '41',
      'sattanamee/Gali/2026-11-23/silent': null,
      'corrections/c1': { game: 'Gali', date: '2026-11-23', from: '41', to: '42', publishedAt: 1_700_000_000_000, correctedAt: NOW },
    });
  });

  it('old data (a bare value, no times) is corrected without a publish time', () => {
    expect(write('07', '08', true)).toEqual({
      'sattanamee/Gali/2026-11-23/number': '08',
      'sattanamee/Gali/2026-11-23/updatedAt': NOW,
      'sattanamee/Gali/2026-11-23/was': '07',
      'sattanamee/Gali/2026-11-23/silent': true,
      'corrections/c1': { game: 'Gali', date: '2026-11-23', from: '07', to: '08', correctedAt: NOW },
    });
  });
});
