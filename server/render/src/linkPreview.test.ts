import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it, vi } from 'vitest';
import { COLORS } from '@satta/shared/ui/tokens';
import {
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  chartModel,
  describePreview,
  encodePng,
  gameLabel,
  homeModel,
  previewDrawing,
  previewSvg,
  previewTarget,
  svgToPng,
} from './linkPreview.ts';
import { PreviewImages } from './previewImages.ts';
import { ChartDecisions } from './chartDecision.ts';
import { testSnapshot, type TestData } from './testSupport.ts';
import { decodePng, pngSize } from './testPng.ts';
// mf-chart's decision about a chart address, which the render service asks of its server bundle.
import { decideChartPage } from '../../../mf-chart/src/rules/chartPage.ts';

/*
 * The link-preview images from a fixed snapshot: what they draw (the drawing and its SVG, with
 * literal values), that the PNG is 1200×630 and not blank, how their address follows the data,
 * and that one is rendered once per page and data however often it is asked for.
 */
const TODAY = '2026-11-26';
const YESTERDAY = '2026-11-25';
/** 02:14 PM in India. */
const PUBLISHED = Date.UTC(2026, 10, 26, 8, 44);
const RECEIVED = Date.UTC(2026, 10, 26, 9, 0);
const TZ = 'Asia/Kolkata';

const named: TestData = {
  at: RECEIVED,
  todayKey: TODAY,
  gameNames: ['Gali', 'Disawar', 'Delhi Bazar'],
  games: [
    {
      name: 'Gali',
      time: '11:30 PM',
      place: 11,
      results: { [YESTERDAY]: '17', [TODAY]: '42', '2026-11-03': '08' },
      meta: { [TODAY]: { publishedAt: PUBLISHED, updatedAt: PUBLISHED } },
    },
    { name: 'Disawar', time: '02:00 AM', place: 12, results: { [YESTERDAY]: '05' } },
    { name: 'Delhi Bazar', time: '03:00 PM', place: 4, results: { [TODAY]: '61' } },
  ],
  khaiwals: [],
  mainInfo: { phnnumber: '9876543210' },
  adInfo: {},
  live: { days: {}, v: {} },
  spans: {
    Gali: { first: '2025-03-14', last: TODAY },
    Disawar: { first: YESTERDAY, last: YESTERDAY },
    'Delhi Bazar': { first: TODAY, last: TODAY },
  },
  years: { 'year:Gali:2025': { '2025-03-14': '57', '2025-12-30': '90', '2025-12-31': '08' } },
};
const snapshot = testSnapshot(named);

const texts = (model: Parameters<typeof previewDrawing>[0], asOf = model.newest ?? RECEIVED) =>
  previewDrawing(model, asOf, TZ).texts.map((text) => text.text);

describe('the home page’s preview', () => {
  const model = homeModel(snapshot);

  it('has every game in the result table’s order, in Hindi and English, with yesterday’s and today’s number', () => {
    expect(model).toEqual({
      kind: 'home',
      today: TODAY,
      games: [
        { name: 'Delhi Bazar', label: 'दिल्ली बाज़ार (Delhi Bazar)', yesterday: null, today: '61' },
        { name: 'Gali', label: 'गली (Gali)', yesterday: '17', today: '42' },
        { name: 'Disawar', label: 'दिसावर (Disawar)', yesterday: '05', today: null },
      ],
      newest: PUBLISHED,
    });
  });

  it('draws the site, the date, the table and when the data is from', () => {
    const drawn = texts(model);
    expect(drawn).toEqual(
      expect.arrayContaining([
        'सट्टा किंग रिज़ल्ट · Satta King Result',
        '26-11-2026',
        'गेम',
        'कल आया था',
        'आज का रिज़ल्ट',
        'गली (Gali)',
        '17',
        '42',
        'दिसावर (Disawar)',
        '05',
        'Wait...',
        '--',
        'Data as of 26-11-2026 02:14 PM IST',
      ]),
    );
    const today = previewDrawing(model, PUBLISHED, TZ).texts.find((text) => text.text === '42');
    expect(today?.fill).toBe(COLORS['--color-result']);
    const svg = previewSvg(model, PUBLISHED, TZ);
    expect(svg).toContain('data-text="गली (Gali)"');
    expect(svg).toContain('data-text="42"');
    expect(svg).toContain('data-text="Data as of 26-11-2026 02:14 PM IST"');
  });

  it('is a 1200×630 PNG with the table drawn in the site’s colours', async () => {
    const png = await svgToPng(previewSvg(model, PUBLISHED, TZ));
    expect(pngSize(png)).toEqual({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT });
    const { width, height, pixels } = decodePng(png);
    expect([width, height]).toEqual([1200, 630]);
    const count = (hex: string, tolerance = 24) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
      let n = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        if (Math.abs(pixels[i]! - r) + Math.abs(pixels[i + 1]! - g) + Math.abs(pixels[i + 2]! - b) <= tolerance) n += 1;
      }
      return n;
    };
    const colours = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4) colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);
    // The brand band and the table heads, today's numbers in green, the waiting game in red.
    expect(count(COLORS['--color-brand'])).toBeGreaterThan(1200 * 96);
    expect(count(COLORS['--color-result'], 8)).toBeGreaterThan(300);
    expect(count(COLORS['--color-wait'], 8)).toBeGreaterThan(100);
    // Something besides the page's background.
    expect(count(COLORS['--color-page'], 0)).toBeLessThan(width * height * 0.6);
  });

  it('names the time data was received when no number it shows has a publish time', () => {
    const old = homeModel(testSnapshot({ ...named, games: named.games.map(({ meta: _meta, ...game }) => game) }));
    expect(old.newest).toBeNull();
    expect(texts(old, RECEIVED)).toContain('Data as of 26-11-2026 02:30 PM IST');
  });

  it('escapes every text it writes into the SVG, and drops what XML forbids', async () => {
    const hostile = homeModel(
      testSnapshot({
        ...named,
        games: [{ name: 'A&B <x> "q" \u0001', time: null, place: 1, results: { [TODAY]: '<9' } }],
      }),
    );
    const svg = previewSvg(hostile, RECEIVED, TZ);
    expect(svg).toContain('data-text="A&amp;B &lt;x&gt; &quot;q&quot; "');
    expect(svg).toContain('data-text="&lt;9"');
    expect(svg).not.toContain('<x>');
    expect(svg).not.toContain('\u0001');
    expect(pngSize(await svgToPng(svg))).toEqual({ width: 1200, height: 630 });
  });
});

describe('the home page’s preview on days without a draw', () => {
  // Disawar has no draw today and Delhi Bazar had none yesterday (dated marks), Gali has none on
  // Thursdays (today is Thursday 2026-11-26) but its number was published: the number wins.
  const marked = testSnapshot({
    ...named,
    holidays: {
      Disawar: { dates: { [TODAY]: true }, weekdays: {} },
      'Delhi Bazar': { dates: { [YESTERDAY]: true }, weekdays: {} },
      Gali: { dates: {}, weekdays: { thu: '2026-11-01' } },
    },
  });
  const model = homeModel(marked);

  it('marks the days without a number that had no draw', () => {
    expect(model.games).toEqual([
      { name: 'Delhi Bazar', label: 'दिल्ली बाज़ार (Delhi Bazar)', yesterday: null, today: '61', noDrawYesterday: true },
      { name: 'Gali', label: 'गली (Gali)', yesterday: '17', today: '42' },
      { name: 'Disawar', label: 'दिसावर (Disawar)', yesterday: '05', today: null, noDrawToday: true },
    ]);
  });

  it('draws "आज अवकाश (No draw today)" instead of Wait..., and "अवकाश" instead of --', () => {
    const drawn = previewDrawing(model, PUBLISHED, TZ).texts;
    const words = drawn.map((text) => text.text);
    expect(words).toEqual(expect.arrayContaining(['आज अवकाश', '(No draw today)', 'अवकाश', 'दिसावर (Disawar)', '61', '42', '17', '05']));
    expect(words).not.toContain('Wait...');
    expect(words).not.toContain('--');
    // Calm, in the page's text colour, not the waiting red; inside today's column.
    const hindi = drawn.find((text) => text.text === 'आज अवकाश');
    const english = drawn.find((text) => text.text === '(No draw today)');
    expect(hindi).toMatchObject({ fill: COLORS['--color-text'], anchor: 'middle', bold: true });
    expect(english).toMatchObject({ fill: COLORS['--color-text'], anchor: 'middle', bold: false });
    expect(english!.x).toBe(hindi!.x);
    expect(english!.y).toBeGreaterThan(hindi!.y);
    const svg = previewSvg(model, PUBLISHED, TZ);
    expect(svg).toContain('data-text="आज अवकाश"');
    expect(svg).toContain('data-text="(No draw today)"');
    expect(svg).toContain('data-text="अवकाश"');
    expect(svg).not.toContain('data-text="Wait..."');
  });

  it('says so in the alt text', () => {
    expect(describePreview({ kind: 'home' }, marked).alt).toBe(
      'आज का रिज़ल्ट 26-11-2026 – Delhi Bazar 61, Gali 42, Disawar आज अवकाश (No draw today)',
    );
  });

  it('draws the Hindi with its own glyphs, and no waiting red', async () => {
    const { pixels } = decodePng(await svgToPng(previewSvg(model, PUBLISHED, TZ)));
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(COLORS['--color-wait'].slice(i, i + 2), 16)) as [number, number, number];
    let red = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (Math.abs(pixels[i]! - r) + Math.abs(pixels[i + 1]! - g) + Math.abs(pixels[i + 2]! - b) <= 8) red += 1;
    }
    expect(red).toBe(0);
    // Every glyph of the words is in the fonts (a missing one would be a <use> of glyph 0, left out).
    const svg = previewSvg(model, PUBLISHED, TZ);
    const group = /<g data-text="आज अवकाश"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    expect(group.match(/<use /g)?.length ?? 0).toBeGreaterThanOrEqual(6);
  });

  it('has the address of the same drawing without marks, another once a mark shows', () => {
    const plain = describePreview({ kind: 'home' }, snapshot).path;
    expect(describePreview({ kind: 'home' }, testSnapshot({ ...named, holidays: {} })).path).toBe(plain);
    // A mark on a day with a number shows nothing, so it changes nothing.
    const overNumber = testSnapshot({ ...named, holidays: { Gali: { dates: { [TODAY]: true as const }, weekdays: {} } } });
    expect(describePreview({ kind: 'home' }, overNumber).path).toBe(plain);
    expect(describePreview({ kind: 'home' }, marked).path).not.toBe(plain);
  });
});

describe('a chart’s preview', () => {
  it('draws the game’s latest month of the year, up to today, with the game in Hindi and English', () => {
    const model = chartModel(snapshot, 'Gali', 2026);
    expect(model.month).toBe(11);
    expect(model.days).toHaveLength(26);
    expect(model.days[2]).toBe('08');
    expect(model.days[24]).toBe('17');
    expect(model.days[25]).toBe('42');
    expect(model.days.filter((day) => day !== null)).toHaveLength(3);
    const drawn = texts(model);
    expect(drawn).toEqual(expect.arrayContaining(['चार्ट 2026', 'गली (Gali) · नवंबर / November 2026', '01', '26', '42', '-']));
    expect(drawn).toContain('Data as of 26-11-2026 02:14 PM IST');
  });

  it('of a finished year: its last month with a result, every day of it', () => {
    const model = chartModel(snapshot, 'Gali', 2025);
    expect(model.month).toBe(12);
    expect(model.days).toHaveLength(31);
    expect(model.days.slice(29)).toEqual(['90', '08']);
    expect(texts(model)).toContain('गली (Gali) · दिसंबर / December 2025');
  });
});

describe('a preview’s address', () => {
  it('names the page and a hash of what the image draws', () => {
    const home = describePreview({ kind: 'home' }, snapshot);
    expect(home.path).toMatch(/^\/og\/home-[0-9a-f]{16}\.png$/);
    const chart = describePreview({ kind: 'chart', game: 'Delhi Bazar', year: 2026 }, snapshot);
    expect(chart.path).toMatch(/^\/og\/chart\/delhi-bazar\/2026-[0-9a-f]{16}\.png$/);
    expect(home.alt).toBe('आज का रिज़ल्ट 26-11-2026 – Delhi Bazar 61, Gali 42, Disawar Wait...');
  });

  it('changes with a number it draws, and only then', () => {
    const before = describePreview({ kind: 'home' }, snapshot).path;
    const same = testSnapshot({ ...named, at: RECEIVED + 60_000, khaiwals: [], mainInfo: { phnnumber: '1' } });
    expect(describePreview({ kind: 'home' }, same).path).toBe(before);
    const [gali, disawar, delhi] = named.games;
    const published = testSnapshot({ ...named, games: [gali!, { ...disawar!, results: { ...disawar!.results, [TODAY]: '33' } }, delhi!] });
    expect(describePreview({ kind: 'home' }, published).path).not.toBe(before);
    // The day turning: today's numbers become yesterday's.
    expect(describePreview({ kind: 'home' }, testSnapshot({ ...named, todayKey: '2026-11-27' })).path).not.toBe(before);
  });

  it('is read back to its page against the games in memory', () => {
    const decide = new ChartDecisions(
      () => decideChartPage,
      () => 'https://satta.example',
    ).decide;
    expect(previewTarget('/og/home-0123456789abcdef.png', snapshot, decide)).toEqual({ kind: 'home' });
    expect(previewTarget('/og/home.png', snapshot, decide)).toEqual({ kind: 'home' });
    expect(previewTarget('/og/chart/gali/2025-0123456789abcdef.png', snapshot, decide)).toEqual({
      kind: 'chart',
      game: 'Gali',
      year: 2025,
    });
    // Another spelling of the game finds it (and is then sent to its own address).
    expect(previewTarget('/og/chart/disawer/2026-0123.png', snapshot, decide)).toEqual({
      kind: 'chart',
      game: 'Disawar',
      year: 2026,
    });
    expect(previewTarget('/og/chart/nowhere/2026-0123.png', snapshot, decide)).toBeNull();
    expect(previewTarget('/og/chart/gali/2019-0123.png', snapshot, decide)).toBeNull();
    expect(previewTarget('/og/chart/%E0%A4/2026.png', snapshot, decide)).toBeNull();
    expect(previewTarget('/og/other.png', snapshot, decide)).toBeNull();
  });

  it('writes the Hindi name from the games’ registry; a game it does not know keeps its own name', () => {
    expect(gameLabel('Gali')).toBe('गली (Gali)');
    expect(gameLabel('DISAWER')).toBe('दिसावर (DISAWER)');
    expect(gameLabel('Kalyan')).toBe('Kalyan');
    expect(gameLabel('गली')).toBe('गली');
  });
});

describe('rendering', () => {
  it('encodes the very pixels resvg’s own PNG encoder writes', async () => {
    const svg = previewSvg(homeModel(snapshot), PUBLISHED, TZ);
    const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
    const ours = decodePng(await encodePng(image.width, image.height, image.pixels));
    const theirs = decodePng(image.asPng());
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    expect(Buffer.from(ours.pixels).equals(Buffer.from(theirs.pixels))).toBe(true);
  });

  const counting = () => {
    const draw = vi.fn(async (_svg: string) => Buffer.from('png'));
    return { draw, images: new PreviewImages({ timezone: TZ, draw }) };
  };

  it('renders a page’s image once for its data, however many ask at once or later', async () => {
    const { draw, images } = counting();
    const preview = images.describe({ kind: 'home' }, snapshot);
    const first = await Promise.all(Array.from({ length: 100 }, () => images.image(images.describe({ kind: 'home' }, snapshot), snapshot)));
    for (let i = 0; i < 900; i += 1) await images.image(images.describe({ kind: 'home' }, snapshot), snapshot);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(images.renders).toBe(1);
    expect(new Set(first.map((image) => image.etag)).size).toBe(1);
    expect(images.describe({ kind: 'home' }, snapshot)).toBe(preview);
  });

  it('renders again for new data, and after a failed render', async () => {
    const { draw, images } = counting();
    await images.image(images.describe({ kind: 'home' }, snapshot), snapshot);
    const next = testSnapshot({ ...named, todayKey: '2026-11-27' });
    await images.image(images.describe({ kind: 'home' }, next), next);
    expect(draw).toHaveBeenCalledTimes(2);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    draw.mockRejectedValueOnce(new Error('out of memory'));
    const chart = images.describe({ kind: 'chart', game: 'Gali', year: 2026 }, next);
    await expect(images.image(chart, next)).rejects.toThrow('out of memory');
    await images.image(chart, next);
    expect(draw).toHaveBeenCalledTimes(4);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/og/chart/gali/2026-'), expect.any(Error));
    error.mockRestore();
  });

  it('keeps at most maxBytes of images: past it the least recently drawn page’s goes, and is drawn again when asked for', async () => {
    const draw = vi.fn(async (_svg: string) => Buffer.alloc(1000, 1));
    const images = new PreviewImages({ timezone: TZ, draw, maxBytes: 2500 });
    const chart = (year: number) => images.describe({ kind: 'chart', game: 'Gali', year }, snapshot);
    for (const year of [2020, 2021, 2022]) await images.image(chart(year), snapshot);
    expect(images.held).toEqual({ count: 2, bytes: 2000 });
    expect(draw).toHaveBeenCalledTimes(3);
    // 2021 and 2022 are kept: answered without a drawing.
    await images.image(chart(2022), snapshot);
    await images.image(chart(2021), snapshot);
    expect(draw).toHaveBeenCalledTimes(3);
    // 2020 went: drawn again, and 2021, drawn before 2022, goes in its place.
    await images.image(chart(2020), snapshot);
    expect(draw).toHaveBeenCalledTimes(4);
    expect(images.held).toEqual({ count: 2, bytes: 2000 });
    await images.image(chart(2022), snapshot);
    expect(draw).toHaveBeenCalledTimes(4);
  });
});

describe('a crawler asking for many images at once', () => {
  /** A draw that finishes only when the test says so. */
  const held = () => {
    const pending: Array<() => void> = [];
    const draw = vi.fn(
      (svg: string) =>
        new Promise<Buffer>((ok) => {
          pending.push(() => ok(Buffer.from(`png of ${svg.length}`)));
        }),
    );
    return { draw, release: () => pending.shift()?.(), pending };
  };
  const chart = (images: PreviewImages, year: number, from = snapshot) => images.describe({ kind: 'chart', game: 'Gali', year }, from);
  const tick = () => new Promise((ok) => setImmediate(ok));

  it('queues a bounded number of drawings: the rest are answered at once, with nothing drawn for them', async () => {
    const { draw, release } = held();
    const images = new PreviewImages({ timezone: TZ, draw, queue: 2 });
    const waiting = [images.answer(chart(images, 2020), snapshot, { waitMs: 60_000 })];
    await tick();
    waiting.push(...[2021, 2022].map((year) => images.answer(chart(images, year), snapshot, { waitMs: 60_000 })));
    // One drawing under way, two waiting: a fourth page is not queued.
    expect(await images.answer(chart(images, 2019), snapshot, { waitMs: 60_000 })).toEqual({ kind: 'busy' });
    for (let i = 0; i < 3; i += 1) {
      release();
      await tick();
      await tick();
    }
    expect((await Promise.all(waiting)).map((answer) => answer.kind)).toEqual(['current', 'current', 'current']);
    expect(draw).toHaveBeenCalledTimes(3);
  });

  it('lets a page never drawn wait its turn past the short wait: it has no last image to give', async () => {
    const { draw, release } = held();
    const images = new PreviewImages({ timezone: TZ, draw, queue: 2 });
    const first = images.answer(chart(images, 2020), snapshot, { waitMs: 10, firstWaitMs: 60_000 });
    await new Promise((ok) => setTimeout(ok, 50));
    release();
    expect((await first).kind).toBe('current');
  });

  it('drops a drawing whose requests have all gone before its turn, and answers a late one with the last image', async () => {
    const { draw, release } = held();
    const images = new PreviewImages({ timezone: TZ, draw, queue: 4 });
    const first = images.answer(chart(images, 2020), snapshot, { waitMs: 60_000 });
    await tick();
    const gone = new AbortController();
    const abandoned = images.answer(chart(images, 2021), snapshot, { waitMs: 60_000, signal: gone.signal });
    gone.abort();
    expect(await abandoned).toEqual({ kind: 'busy' });
    release();
    expect((await first).kind).toBe('current');
    await tick();
    await tick();
    expect(draw).toHaveBeenCalledTimes(1);
    expect(images.dropped).toBe(1);

    // New data for 2020: while its new image is drawn, a request that cannot wait gets the last one.
    const next = testSnapshot({ ...named, todayKey: '2026-11-27', games: [{ ...named.games[0]!, results: { '2020-01-01': '31' } }] });
    const newer = chart(images, 2020, next);
    expect(newer.hash).not.toBe(chart(images, 2020).hash);
    const stale = await images.answer(newer, next, { waitMs: 10 });
    expect(stale.kind).toBe('stale');
    release();
    await tick();
  });
});
