import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Parser from 'rss-parser';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { readCorrections, type Correction } from '@satta/shared/domain/corrections';
import { readGameNode } from '@satta/shared/domain/results';
import { feedEntries, jsonFeed, rssFeed, type FeedEntry } from './feeds.ts';
import { testSnapshot } from './testSupport.ts';

/*
 * The feeds checked the way their readers take them: JSON Feed against the format's published
 * JSON Schema (npm jsonfeed-schema, version 1.1), RSS through a feed reader's parser
 * (rss-parser), with the items they must carry written out literally.
 */
const require = createRequire(import.meta.url);
const schema = require('jsonfeed-schema/schema-v1.1.json') as Record<string, unknown>;
// ajv-formats is CommonJS: its function is the default export, or the module itself.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const validate = ajv.compile(schema);

const ORIGIN = 'https://satta.example';
const at = (iso: string) => Date.parse(iso);

const ENTRIES: FeedEntry[] = [
  {
    kind: 'result',
    game: 'Gali',
    date: '2026-11-22',
    number: '47',
    publishedAt: at('2026-11-22T18:02:03Z'),
    updatedAt: at('2026-11-22T18:10:00Z'),
  },
  {
    kind: 'result',
    game: 'Delhi Bazar',
    date: '2026-11-23',
    number: '05',
    publishedAt: at('2026-11-23T09:31:00Z'),
    updatedAt: at('2026-11-23T09:31:00Z'),
  },
  // Old data: no times.
  { kind: 'result', game: 'Disawar', date: '2026-11-22', number: '90', publishedAt: null, updatedAt: null },
  {
    kind: 'correction',
    id: '-Ncorr1',
    game: 'Gali',
    date: '2026-11-22',
    from: '74',
    to: '47',
    publishedAt: at('2026-11-22T18:02:03Z'),
    correctedAt: at('2026-11-22T18:10:00Z'),
  },
];

describe('/feed.json', () => {
  const feed = JSON.parse(jsonFeed(ENTRIES, ORIGIN)) as Record<string, unknown> & { items: Record<string, unknown>[] };

  it('is valid JSON Feed 1.1', () => {
    expect(validate(feed), JSON.stringify(validate.errors)).toBe(true);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe('https://satta.example/feed.json');
    expect(feed.home_page_url).toBe('https://satta.example/');
    expect(feed.language).toBe('hi');
  });

  it('lists results and corrections newest first, with their chart and times', () => {
    expect(feed.items).toEqual([
      {
        id: 'result:Delhi Bazar:2026-11-23:05',
        url: 'https://satta.example/chart/delhi-bazar/2026',
        title: 'Delhi Bazar 23-11-2026: 05',
        content_text: 'Delhi Bazar का 23-11-2026 का रिज़ल्ट 05 है। Delhi Bazar result for 23-11-2026: 05.',
        date_published: '2026-11-23T09:31:00.000Z',
        date_modified: '2026-11-23T09:31:00.000Z',
      },
      {
        id: 'result:Gali:2026-11-22:47',
        url: 'https://satta.example/chart/gali/2026',
        title: 'Gali 22-11-2026: 47',
        content_text: 'Gali का 22-11-2026 का रिज़ल्ट 47 है। Gali result for 22-11-2026: 47.',
        date_published: '2026-11-22T18:02:03.000Z',
        date_modified: '2026-11-22T18:10:00.000Z',
      },
      {
        id: 'correction:-Ncorr1',
        url: 'https://satta.example/chart/gali/2026',
        title: 'संशोधित: Gali 22-11-2026: 74 → 47',
        content_text: 'Gali का 22-11-2026 का रिज़ल्ट 74 से बदलकर 47 किया गया। Corrected Gali result for 22-11-2026: 74 is now 47.',
        date_published: '2026-11-22T18:10:00.000Z',
        date_modified: '2026-11-22T18:10:00.000Z',
      },
      {
        id: 'result:Disawar:2026-11-22:90',
        url: 'https://satta.example/chart/disawar/2026',
        title: 'Disawar 22-11-2026: 90',
        content_text: 'Disawar का 22-11-2026 का रिज़ल्ट 90 है। Disawar result for 22-11-2026: 90.',
      },
    ]);
  });

  it('is valid with no items', () => {
    const empty = JSON.parse(jsonFeed([], ORIGIN)) as { items: unknown[] };
    expect(validate(empty)).toBe(true);
    expect(empty.items).toEqual([]);
  });
});

describe('/feed.xml', () => {
  it('parses as RSS 2.0 with the same items', async () => {
    const feed = await new Parser().parseString(rssFeed(ENTRIES, ORIGIN));
    expect(feed.title).toBe('Satta King Result – रिज़ल्ट और संशोधन');
    expect(feed.link).toBe('https://satta.example/');
    expect(feed.lastBuildDate).toBe('Mon, 23 Nov 2026 09:31:00 GMT');
    expect(feed.items.map((item) => [item.title, item.link, item.guid, item.pubDate ?? null])).toEqual([
      [
        'Delhi Bazar 23-11-2026: 05',
        'https://satta.example/chart/delhi-bazar/2026',
        'result:Delhi Bazar:2026-11-23:05',
        'Mon, 23 Nov 2026 09:31:00 GMT',
      ],
      ['Gali 22-11-2026: 47', 'https://satta.example/chart/gali/2026', 'result:Gali:2026-11-22:47', 'Sun, 22 Nov 2026 18:02:03 GMT'],
      ['संशोधित: Gali 22-11-2026: 74 → 47', 'https://satta.example/chart/gali/2026', 'correction:-Ncorr1', 'Sun, 22 Nov 2026 18:10:00 GMT'],
      ['Disawar 22-11-2026: 90', 'https://satta.example/chart/disawar/2026', 'result:Disawar:2026-11-22:90', null],
    ]);
    expect(feed.items[2]?.content).toBe(
      'Gali का 22-11-2026 का रिज़ल्ट 74 से बदलकर 47 किया गया। Corrected Gali result for 22-11-2026: 74 is now 47.',
    );
  });

  it('escapes names that are markup', async () => {
    const entries: FeedEntry[] = [
      { kind: 'result', game: 'A&B <x>', date: '2026-11-23', number: '01', publishedAt: null, updatedAt: null },
    ];
    const feed = await new Parser().parseString(rssFeed(entries, ORIGIN));
    expect(feed.items[0]?.title).toBe('A&B <x> 23-11-2026: 01');
  });
});

describe('feeds never break on odd data', () => {
  // What the readers make of a correction whose game came with control characters and a
  // publish time of 1e300 written through the Admin SDK (shared/domain: readCorrections,
  // readGameNode).
  const game = readGameNode('Gali', { '2026-11-23': { number: '47', publishedAt: 1e300, updatedAt: -5 } });
  const [correction] = readCorrections(
    {
      c1: {
        game: 'Ga\u0001li\u000B\uFFFE',
        date: '2026-11-23',
        from: '12',
        to: '47',
        publishedAt: 1e300,
        correctedAt: at('2026-11-23T18:10:00Z'),
      },
    },
    0,
  );
  const entries: FeedEntry[] = [
    { kind: 'result', game: game.name, date: '2026-11-23', number: game.results['2026-11-23'] ?? '', publishedAt: null, updatedAt: null },
    { kind: 'correction', ...(correction as Correction), publishedAt: correction?.publishedAt ?? null },
  ];

  it('reads an impossible time as none', () => {
    expect(game.meta).toBeUndefined();
    expect(correction?.publishedAt).toBeUndefined();
  });

  it('/feed.xml stays well-formed XML 1.0, without the characters it forbids', () => {
    const xml = rssFeed(entries, ORIGIN);
    expect(() => new JSDOM(xml, { contentType: 'application/xml' })).not.toThrow();
    expect(xml).toContain('<title>संशोधित: Gali 23-11-2026: 12 → 47</title>');
  });

  it('/feed.json stays valid JSON Feed 1.1', () => {
    const feed = JSON.parse(jsonFeed(entries, ORIGIN)) as { items: { title: string }[] };
    expect(validate(feed), JSON.stringify(validate.errors)).toBe(true);
    expect(feed.items.map((item) => item.title)).toEqual(['संशोधित: Ga\u0001li\u000B\uFFFE 23-11-2026: 12 → 47', 'Gali 23-11-2026: 47']);
  });

  it('leaves out, and logs, an entry that still holds an impossible time', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad: FeedEntry = { kind: 'result', game: 'Disawar', date: '2026-11-23', number: '05', publishedAt: 1e300, updatedAt: null };
    const feed = JSON.parse(jsonFeed([...entries, bad], ORIGIN)) as { items: { id: string }[] };
    expect(feed.items.map((item) => item.id)).toEqual(['correction:c1', 'result:Gali:2026-11-23:47']);
    expect(() => new JSDOM(rssFeed([...entries, bad], ORIGIN), { contentType: 'application/xml' })).not.toThrow();
    expect(warn).toHaveBeenCalledWith('render: feed entry result Disawar 2026-11-23 left out: a time outside 2000-2100 (1e+300, )');
    warn.mockRestore();
  });
});

describe('days without a draw', () => {
  // Today is Monday 2026-11-23. Disawar has no draw today and had none yesterday; Faridabad has
  // none on Mondays; Gali's today is marked but its number was published (the number wins).
  const snapshot = testSnapshot({
    at: at('2026-11-23T12:00:00Z'),
    todayKey: '2026-11-23',
    gameNames: ['Gali', 'Disawar', 'Faridabad'],
    games: [
      {
        name: 'Gali',
        time: '11:30 PM',
        place: 11,
        results: { '2026-11-22': '47', '2026-11-23': '12' },
        meta: { '2026-11-23': { publishedAt: at('2026-11-23T18:00:00Z'), updatedAt: at('2026-11-23T18:00:00Z') } },
      },
      { name: 'Disawar', time: '02:00 AM', place: 12, results: {} },
      { name: 'Faridabad', time: '06:00 PM', place: 7, results: { '2026-11-22': '33' } },
    ],
    khaiwals: [],
    mainInfo: {},
    adInfo: {},
    corrections: [],
    holidays: {
      Disawar: { dates: { '2026-11-22': true, '2026-11-23': true }, weekdays: {} },
      Faridabad: { dates: {}, weekdays: { mon: '2026-11-01' } },
      Gali: { dates: { '2026-11-23': true }, weekdays: {} },
    },
    live: { days: {}, v: {} },
  });

  it('add no entry: the feeds carry the published numbers only', () => {
    expect(feedEntries(snapshot)).toEqual([
      { kind: 'result', game: 'Gali', date: '2026-11-22', number: '47', publishedAt: null, updatedAt: null },
      {
        kind: 'result',
        game: 'Gali',
        date: '2026-11-23',
        number: '12',
        publishedAt: at('2026-11-23T18:00:00Z'),
        updatedAt: at('2026-11-23T18:00:00Z'),
      },
      { kind: 'result', game: 'Faridabad', date: '2026-11-22', number: '33', publishedAt: null, updatedAt: null },
    ]);
    const feed = JSON.parse(jsonFeed(feedEntries(snapshot), ORIGIN)) as { items: { id: string; title: string }[] };
    expect(feed.items.map((item) => item.title)).toEqual(['Gali 23-11-2026: 12', 'Gali 22-11-2026: 47', 'Faridabad 22-11-2026: 33']);
    expect(rssFeed(feedEntries(snapshot), ORIGIN)).not.toMatch(/Disawar|अवकाश|No draw/);
  });
});
