import { describe, expect, it } from 'vitest';
import { readGameNode, readGames, type GameData } from './results.ts';

describe('readGameNode', () => {
  it.each<[string, unknown, GameData]>([
    [
      'a well-formed node',
      { time: '12:20 PM', place: 1, sattaname: 'Bilaspur', '2026-11-20': { number: '05' }, '2026-11-21': { number: '42' } },
      { name: 'Bilaspur', time: '12:20 PM', place: 1, results: { '2026-11-20': '05', '2026-11-21': '42' } },
    ],
    [
      'numbers stored as numbers or bare values',
      { time: '2:00am', place: '12', '2026-11-19': { number: 7 }, '2026-11-20': 9, '2026-11-21': '3' },
      { name: 'Bilaspur', time: '02:00 AM', place: 12, results: { '2026-11-19': '07', '2026-11-20': '09', '2026-11-21': '03' } },
    ],
    [
      'junk results are dropped',
      {
        time: '12:20 PM',
        '2026-11-01': { number: 'Wait...' },
        '2026-11-02': { number: 100 },
        '2026-11-03': { number: '' },
        '2026-11-04': {},
        '2026-11-05': null,
        '2026-02-30': { number: '11' },
        '20261106': { number: '12' },
        notes: { number: '13' },
        '2026-11-07': { number: ' 08 ' },
      },
      { name: 'Bilaspur', time: '12:20 PM', place: null, results: { '2026-11-07': '08' } },
    ],
    ['an unreadable time and place', { time: '25:00', place: 'first' }, { name: 'Bilaspur', time: null, place: null, results: {} }],
    ['a missing time', { place: 3 }, { name: 'Bilaspur', time: null, place: 3, results: {} }],
    ['a number instead of a time', { time: 1220, place: Number.NaN }, { name: 'Bilaspur', time: null, place: null, results: {} }],
    ['null', null, { name: 'Bilaspur', time: null, place: null, results: {} }],
    ['a string', 'Bilaspur', { name: 'Bilaspur', time: null, place: null, results: {} }],
    ['an array', [1, 2], { name: 'Bilaspur', time: null, place: null, results: {} }],
  ])('%s', (_title, node, expected) => {
    expect(readGameNode('Bilaspur', node)).toEqual(expected);
  });
});

describe('readGameNode: times and corrections', () => {
  it('carries publish and change times and the earlier value beside the numbers', () => {
    const node = {
      time: '11:30 PM',
      '2026-11-20': { number: '42' },
      '2026-11-21': { number: '41', publishedAt: 1_795_300_000_000, updatedAt: 1_795_300_000_000 },
      '2026-11-22': { number: '43', publishedAt: 1_795_390_000_000, updatedAt: 1_795_390_500_000, was: '44', silent: true },
      '2026-11-23': { number: '45', publishedAt: 'soon', updatedAt: -1, was: 'x' },
    };
    expect(readGameNode('Gali', node)).toEqual({
      name: 'Gali',
      time: '11:30 PM',
      place: null,
      results: { '2026-11-20': '42', '2026-11-21': '41', '2026-11-22': '43', '2026-11-23': '45' },
      meta: {
        '2026-11-21': { publishedAt: 1_795_300_000_000, updatedAt: 1_795_300_000_000 },
        '2026-11-22': { publishedAt: 1_795_390_000_000, updatedAt: 1_795_390_500_000, was: '44' },
      },
    });
  });

  it('has no meta for old data, so old data reads exactly as before', () => {
    expect(readGameNode('Gali', { '2026-11-20': { number: '42' } })).toEqual({
      name: 'Gali',
      time: null,
      place: null,
      results: { '2026-11-20': '42' },
    });
    expect(readGameNode('Gali', { '2026-11-20': { number: '42', publishedAt: 1_763_640_000_000 } }).meta).toEqual({
      '2026-11-20': { publishedAt: 1_763_640_000_000 },
    });
    // A time no publication could have (written by hand or through the Admin SDK) reads as none.
    expect(readGameNode('Gali', { '2026-11-20': { number: '42', publishedAt: 1e300, updatedAt: 5 } }).meta).toBeUndefined();
  });
});

describe('readGames', () => {
  it.each<[string, unknown, GameData[]]>([
    [
      'every game of the snapshot',
      {
        Gali: { time: '11:30 PM', place: 11, '2026-11-20': { number: '31' } },
        Disawer: { time: '02:00 AM', place: 12 },
      },
      [
        { name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-20': '31' } },
        { name: 'Disawer', time: '02:00 AM', place: 12, results: {} },
      ],
    ],
    ['an empty database', null, []],
    ['a scalar', 42, []],
  ])('%s', (_title, node, expected) => {
    expect(readGames(node)).toEqual(expected);
  });
});
