import { describe, expect, it } from 'vitest';
import {
  LIVE_PART_SOURCES,
  cacheKeys,
  firstDateRead,
  followedReads,
  heldData,
  partOfRoot,
  publicReads,
  type LiveView,
  type PublicRead,
} from './publicReads.ts';
import type { GameData } from '../domain/results.ts';

const P1 = 1795500000000;
const P2 = 1795600000000;
const P3 = 1795700000000;

/** What a table entry says besides its functions. */
const described = <T>(read: PublicRead<T>) => ({ key: read.key, part: read.part, reads: read.reads });

const live = (days: LiveView['days'], removed: string[] = []): LiveView => ({ days, removed: new Set(removed) });

describe('cacheKeys', () => {
  it('are the keys a rendered page inlines its reads under', () => {
    expect(cacheKeys.gameNames).toBe('gameNames');
    expect(cacheKeys.gamesSince('2026-11-01')).toBe('games:2026-11-01');
    expect(cacheKeys.gameYear('Gali', 2026)).toBe('year:Gali:2026');
    expect(cacheKeys.mainInfo).toBe('mian');
    expect(cacheKeys.adInfo).toBe('adinfo');
    expect(cacheKeys.holidays).toBe('holidays');
    expect(cacheKeys.live).toBe('live');
  });
});

describe('publicReads.gameNames', () => {
  const read = publicReads.gameNames();

  it('reads the results root shallowly', () => {
    expect(described(read)).toEqual({ key: 'gameNames', part: 'games', reads: [{ path: 'sattanamee', shallow: true }] });
    expect(read.merge).toBeUndefined();
  });

  it('lists the keys of the shallow node, sorted (two reads of the same games compare equal)', () => {
    expect(read.read([{ Gali: true, Disawar: true, Faridabad: true }])).toEqual(['Disawar', 'Faridabad', 'Gali']);
    expect(read.read([null])).toEqual([]);
    expect(read.read([['Gali']])).toEqual([]);
  });
});

describe('publicReads.gamesSince', () => {
  const read = publicReads.gamesSince('2026-11-01', ['Gali', 'Disawar']);
  const nodes = [
    {
      '2026-11-01': { number: '11' },
      '2026-11-25': { number: 42, publishedAt: P1, updatedAt: P2, was: '97' },
      time: '11:30 PM',
      place: 3,
    },
    { '2026-11-25': '8', time: '05:00 AM', place: '1' },
  ];
  const games: GameData[] = [
    {
      name: 'Gali',
      time: '11:30 PM',
      place: 3,
      results: { '2026-11-01': '11', '2026-11-25': '42' },
      meta: { '2026-11-25': { publishedAt: P1, updatedAt: P2, was: '97' } },
    },
    { name: 'Disawar', time: '05:00 AM', place: 1, results: { '2026-11-25': '08' } },
  ];

  it('reads each game from the first key on', () => {
    expect(described(read)).toEqual({
      key: 'games:2026-11-01',
      part: 'games',
      reads: [
        { path: 'sattanamee/Gali', orderBy: '$key', startAt: '2026-11-01' },
        { path: 'sattanamee/Disawar', orderBy: '$key', startAt: '2026-11-01' },
      ],
    });
  });

  it('reads each node as a game with its time, place, results and their times', () => {
    expect(read.read(nodes)).toEqual(games);
    expect(read.read([null, undefined])).toEqual([
      { name: 'Gali', time: null, place: null, results: {} },
      { name: 'Disawar', time: null, place: null, results: {} },
    ]);
  });

  it("adds today's live entry with its publishedAt and updatedAt", () => {
    const merged = read.merge!(games, live({ '2026-11-26': { Gali: { n: '17', p: P3 } } }));
    expect(merged).toEqual([
      {
        name: 'Gali',
        time: '11:30 PM',
        place: 3,
        results: { '2026-11-01': '11', '2026-11-25': '42', '2026-11-26': '17' },
        meta: { '2026-11-25': { publishedAt: P1, updatedAt: P2, was: '97' }, '2026-11-26': { publishedAt: P3, updatedAt: P3 } },
      },
      { name: 'Disawar', time: '05:00 AM', place: 1, results: { '2026-11-25': '08' } },
    ]);
    expect(merged).not.toBe(games);
    expect(merged[1]).toBe(games[1]);
    expect(games[0]?.results).toEqual({ '2026-11-01': '11', '2026-11-25': '42' });
  });

  it('lays a correction of yesterday over the stored number', () => {
    const merged = read.merge!(games, live({ '2026-11-25': { Disawar: { n: '09', p: P1, u: P3, w: '08' } } }));
    expect(merged[1]).toEqual({
      name: 'Disawar',
      time: '05:00 AM',
      place: 1,
      results: { '2026-11-25': '09' },
      meta: { '2026-11-25': { publishedAt: P1, updatedAt: P3, was: '08' } },
    });
    expect(merged[0]).toBe(games[0]);
  });

  it('takes out an entry removed from the live node', () => {
    const merged = read.merge!(games, live({}, ['Gali/2026-11-25']));
    expect(merged).toEqual([
      { name: 'Gali', time: '11:30 PM', place: 3, results: { '2026-11-01': '11' } },
      { name: 'Disawar', time: '05:00 AM', place: 1, results: { '2026-11-25': '08' } },
    ]);
    expect(merged[1]).toBe(games[1]);
  });

  it('appends a game found only in the live node, not one of a day before the first key', () => {
    const merged = read.merge!(
      games,
      live({
        '2026-10-31': { Old: { n: '01', p: P1 } },
        '2026-11-26': { Kalyan: { n: '33', p: P3 }, Gali: { n: '17' } },
      }),
    );
    expect(merged).toEqual([
      {
        name: 'Gali',
        time: '11:30 PM',
        place: 3,
        results: { '2026-11-01': '11', '2026-11-25': '42', '2026-11-26': '17' },
        meta: games[0]?.meta,
      },
      { name: 'Disawar', time: '05:00 AM', place: 1, results: { '2026-11-25': '08' } },
      {
        name: 'Kalyan',
        time: null,
        place: null,
        results: { '2026-11-26': '33' },
        meta: { '2026-11-26': { publishedAt: P3, updatedAt: P3 } },
      },
    ]);
  });

  it('returns the same array when the live node agrees', () => {
    const same = live({
      '2026-11-25': { Gali: { n: '42', p: P1, u: P2, w: '97' }, Disawar: { n: '08' } },
      '2026-11-26': {},
    });
    expect(read.merge!(games, same)).toBe(games);
    expect(read.merge!(games, live({}))).toBe(games);
    // A removal of an entry the page does not hold changes nothing.
    expect(read.merge!(games, live({}, ['Disawar/2026-11-26']))).toBe(games);
  });
});

describe('publicReads.gameYear', () => {
  const node = {
    '2025-03-01': { number: '12', publishedAt: P1, updatedAt: P1 },
    '2025-12-31': '99',
  };

  it('reads a finished year once: no part, no merge', () => {
    const read = publicReads.gameYear('Gali', 2025, 2026);
    expect(described(read)).toEqual({
      key: 'year:Gali:2025',
      part: null,
      reads: [{ path: 'sattanamee/Gali', orderBy: '$key', startAt: '2025-01-01', endAt: '2025-12-31' }],
    });
    expect(read.merge).toBeUndefined();
    expect(read.read([node])).toEqual({
      name: 'Gali',
      time: null,
      place: null,
      results: { '2025-03-01': '12', '2025-12-31': '99' },
      meta: { '2025-03-01': { publishedAt: P1, updatedAt: P1 } },
    });
    expect(read.read([null])).toEqual({ name: 'Gali', time: null, place: null, results: {} });
  });

  it("follows the current year and lays today's entry over it, not yesterday's of the year before", () => {
    const read = publicReads.gameYear('Gali', 2026, 2026);
    expect(described(read)).toEqual({
      key: 'year:Gali:2026',
      part: 'games',
      reads: [{ path: 'sattanamee/Gali', orderBy: '$key', startAt: '2026-01-01', endAt: '2026-12-31' }],
    });
    const game = read.read([{ '2026-01-01': { number: '40' } }]);
    expect(game).toEqual({ name: 'Gali', time: null, place: null, results: { '2026-01-01': '40' } });
    const merged = read.merge!(game, live({ '2025-12-31': { Gali: { n: '55', p: P1 } }, '2026-01-02': { Gali: { n: '17', p: P3 } } }));
    expect(merged).toEqual({
      name: 'Gali',
      time: null,
      place: null,
      results: { '2026-01-01': '40', '2026-01-02': '17' },
      meta: { '2026-01-02': { publishedAt: P3, updatedAt: P3 } },
    });
    expect(read.merge!(game, live({ '2026-01-01': { Gali: { n: '40' } } }))).toBe(game);
  });

  it("takes the value from the page's one year: entry, and none of an older shape", () => {
    const read = publicReads.gameYear('Gali', 2025, 2026);
    const year = {
      name: 'Gali',
      time: null,
      place: null,
      results: { '2025-03-01': '12' },
      meta: { '2025-03-01': { publishedAt: P1, updatedAt: P1 } },
    };
    const page: Record<string, unknown> = { 'year:Gali:2025': year, 'year:Gali:2024': { name: 'Gali', results: { '2024-03-01': '77' } } };
    expect(read.fromPage!((key) => page[key])).toEqual(year);
    // A browser cache from before the year was one key held its results alone.
    expect(read.fromPage!((key) => (key === 'year:Gali:2025' ? { '2025-03-01': '12' } : undefined))).toBeUndefined();
    expect(read.fromPage!(() => undefined)).toBeUndefined();
  });
});

describe('publicReads.corrections', () => {
  const since = 1790000000000;
  const read = publicReads.corrections(since);

  it('reads the corrections ordered by correctedAt from since', () => {
    expect(described(read)).toEqual({
      key: 'corrections',
      part: 'corrections',
      reads: [{ path: 'corrections', orderBy: 'correctedAt', startAt: since }],
    });
    expect(read.merge).toBeUndefined();
  });

  it('reads the entries changed since, newest first', () => {
    expect(
      read.read([
        {
          c1: { game: 'Gali', date: '2026-11-25', from: '97', to: '42', publishedAt: P1, correctedAt: P2 },
          c2: { game: 'Disawar', date: '2026-11-26', from: 8, to: '09', correctedAt: P3 },
          old: { game: 'Gali', date: '2026-01-02', from: '11', to: '12', correctedAt: since - 1 },
          bad: { game: 'Gali', date: 'soon', from: '11', to: '12', correctedAt: P3 },
        },
      ]),
    ).toEqual([
      { id: 'c2', game: 'Disawar', date: '2026-11-26', from: '08', to: '09', correctedAt: P3 },
      { id: 'c1', game: 'Gali', date: '2026-11-25', from: '97', to: '42', publishedAt: P1, correctedAt: P2 },
    ]);
    expect(read.read([null])).toEqual([]);
  });
});

describe('publicReads.khaiwals', () => {
  const read = publicReads.khaiwals();

  it('reads the khaiwals node', () => {
    expect(described(read)).toEqual({ key: 'khaiwals', part: 'khaiwals', reads: [{ path: 'khaiwals' }] });
    expect(read.merge).toBeUndefined();
  });

  it('reads each agent, skipping what is not a record', () => {
    expect(
      read.read([
        {
          k2: { name: ' Suresh ', phone: 9000000002, customTimings: { Gali: '11:30 pm' }, customRates: { jodi: '10-----950' } },
          k1: { name: 'Ramesh', phone: '+91 90000 00001', phone2: '', wa: '919000000001', site: 'example.com', payment: 'UPI' },
          junk: 'text',
        },
      ]),
    ).toEqual([
      {
        id: 'k1',
        name: 'Ramesh',
        phone: '+91 90000 00001',
        wa: '919000000001',
        site: 'example.com',
        payment: 'UPI',
        customTimings: [],
        customRates: { jodi: '10-----960', haruf: '100-----960' },
      },
      {
        id: 'k2',
        name: 'Suresh',
        phone: '9000000002',
        wa: '',
        site: '',
        payment: '',
        customTimings: [['Gali', '11:30 PM']],
        customRates: { jodi: '10-----950', haruf: '100-----960' },
      },
    ]);
    expect(read.read([null])).toEqual([]);
  });
});

describe('publicReads.mainInfo and adInfo', () => {
  it('reads mian, {} for null', () => {
    const read = publicReads.mainInfo();
    expect(described(read)).toEqual({ key: 'mian', part: 'mian', reads: [{ path: 'mian' }] });
    expect(read.merge).toBeUndefined();
    expect(read.read([{ name: 'Satta', notice: 'Holiday' }])).toEqual({ name: 'Satta', notice: 'Holiday' });
    expect(read.read([null])).toEqual({});
    expect(read.read(['text'])).toEqual({});
  });

  it('reads adinfo, {} for null', () => {
    const read = publicReads.adInfo();
    expect(described(read)).toEqual({ key: 'adinfo', part: 'adinfo', reads: [{ path: 'adinfo' }] });
    expect(read.merge).toBeUndefined();
    expect(read.read([{ a1: { name: 'Kalyan', time: '04:00 PM' } }])).toEqual({ a1: { name: 'Kalyan', time: '04:00 PM' } });
    expect(read.read([null])).toEqual({});
  });
});

describe('publicReads.holidays', () => {
  const read = publicReads.holidays();

  it('reads the holidays node whole, followed by its part', () => {
    expect(described(read)).toEqual({ key: 'holidays', part: 'holidays', reads: [{ path: 'holidays' }] });
    expect(read.merge).toBeUndefined();
  });

  it('reads the marks of each game, {} for null', () => {
    expect(
      read.read([
        {
          Gali: { dates: { '2026-11-26': true, '2026-11-27': false }, weekdays: { sun: '2026-11-01', xyz: '2026-11-01' } },
          Disawar: { weekdays: { mon: 'soon' } },
        },
      ]),
    ).toEqual({ Gali: { dates: { '2026-11-26': true }, weekdays: { sun: '2026-11-01' } } });
    expect(read.read([null])).toEqual({});
  });
});

describe('firstDateRead', () => {
  it("reads a game's first date key only", () => {
    expect(firstDateRead('Gali')).toEqual({
      path: 'sattanamee/Gali',
      orderBy: '$key',
      startAt: '0000-01-01',
      endAt: '9999-12-31',
      limitToFirst: 1,
    });
  });
});

describe('publicReads.gameNotices', () => {
  const read = publicReads.gameNotices('2026-11-26');

  it("reads the day's node only, under the day's key, followed by the notices stamp", () => {
    expect(described(read)).toEqual({ key: 'notices:2026-11-26', part: 'notices', reads: [{ path: 'gameNotices/2026-11-26' }] });
  });

  it('reads each game’s notice as one line, leaving out what is not text', () => {
    expect(read.read([{ Gali: ' रिजल्ट  में\nदेरी ', Disawar: 42, Agra: '   ', 'Delhi Bazar': 'late' }])).toEqual({
      Gali: 'रिजल्ट में देरी',
      'Delhi Bazar': 'late',
    });
    expect(read.read([null])).toEqual({});
  });
});

describe('publicReads.gameSpan', () => {
  const read = publicReads.gameSpan('Gali');

  it("reads a game's first and last date key, one key each", () => {
    expect(described(read)).toEqual({
      key: 'span:Gali',
      part: null,
      reads: [
        { path: 'sattanamee/Gali', orderBy: '$key', startAt: '0000-01-01', endAt: '9999-12-31', limitToFirst: 1 },
        { path: 'sattanamee/Gali', orderBy: '$key', startAt: '0000-01-01', endAt: '9999-12-31', limitToLast: 1 },
      ],
    });
    expect(read.read([{ '2025-03-14': { number: '57' } }, { '2026-11-19': { number: '47' } }])).toEqual({
      first: '2025-03-14',
      last: '2026-11-19',
    });
    expect(read.read([null, null])).toEqual({ first: null, last: null });
  });
});

describe('followedReads: what the render service follows, by scope', () => {
  const day = { todayKey: '2026-11-26', now: Date.UTC(2026, 10, 26, 6, 30) };

  it('follows the site reads under their keys, the game list and the notices of the day among them', () => {
    expect(followedReads.site(day).map((read) => read.key)).toEqual([
      'gameNames',
      'khaiwals',
      'mian',
      'adinfo',
      'holidays',
      'live',
      'corrections',
      'notices:2026-11-26',
    ]);
  });

  it('follows the home window and the spans game by game, combined under one key each', () => {
    const [games, spans] = followedReads.perGame(day);
    expect(games?.key).toBe('games:2026-11-01');
    expect(games?.one('Gali').reads).toEqual([{ path: 'sattanamee/Gali', orderBy: '$key', startAt: '2026-11-01' }]);
    const gali: GameData = { name: 'Gali', time: null, place: null, results: {} };
    expect(games?.combine(['Disawar', 'Gali'], new Map([['Gali', [gali]]]))).toEqual([gali]);
    expect(spans?.key).toBe('render:spans');
    const span = { first: '2025-03-14', last: '2026-11-19' };
    expect(spans?.combine(['Gali', 'Disawar'], new Map([['Gali', span]]))).toEqual({ Gali: span });
  });

  it("keeps a game's year under one read, live for this year only", () => {
    expect(followedReads.gameYear('Gali', 2026, day).part).toBe('games');
    expect(followedReads.gameYear('Gali', 2025, day).part).toBeNull();
  });
});

describe('the version parts, declared once', () => {
  it('names the root each part is stamped by', () => {
    expect(Object.fromEntries(Object.entries(LIVE_PART_SOURCES).map(([part, source]) => [part, source.root]))).toEqual({
      mian: 'mian',
      adinfo: 'adinfo',
      khaiwals: 'khaiwals',
      corrections: 'corrections',
      holidays: 'holidays',
      notices: 'gameNotices',
      games: 'sattanamee',
    });
    expect(partOfRoot('gameNotices')).toBe('notices');
    expect(partOfRoot('audit')).toBeUndefined();
  });

  it('agrees with the reads: each site and per-game read of a part reads under its root', () => {
    const day = { todayKey: '2026-11-26', now: 0 };
    const reads = [...followedReads.site(day), ...followedReads.perGame(day).map((entry) => entry.one('Gali'))];
    for (const read of reads.filter((r) => r.part !== null)) {
      for (const rest of read.reads) expect([read.key, partOfRoot(rest.path.split('/')[0] ?? '')]).toEqual([read.key, read.part]);
    }
  });

  it('gives the repair what the pages hold of a part: the notices of the day, the games outside the live days', () => {
    const entries: Record<string, unknown> = {
      'notices:2026-11-26': { Gali: 'late' },
      'notices:2026-11-25': { Gali: 'old' },
      'games:2026-11-01': [
        { name: 'Gali', time: '11:30 PM', place: 11, results: { '2026-11-03': '08', '2026-11-25': '17', '2026-11-26': '42' } },
      ],
    };
    const data = { entry: (key: string) => entries[key], day: { todayKey: '2026-11-26', now: 0 } };
    expect(heldData('notices', data)).toEqual({ Gali: 'late' });
    expect(heldData('games', data)).toEqual({
      Gali: { time: '11:30 PM', place: 11, results: { '2026-11-03': '08' }, meta: undefined },
    });
    expect(LIVE_PART_SOURCES.notices.byDay).toBe(true);
    expect(LIVE_PART_SOURCES.mian.byDay).toBe(false);
  });
});
