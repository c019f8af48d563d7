import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATES,
  SAMPLE_AGENTS,
  agentTimings,
  agentsToShow,
  readKhaiwals,
  readTimings,
  safeUrl,
  telLink,
  waLink,
  type Khaiwal,
} from './agents.ts';

describe('DEFAULT_RATES', () => {
  it('are the rates of section 9', () => {
    expect(DEFAULT_RATES).toEqual({ jodi: '10-----960', haruf: '100-----960' });
  });
});

describe('agentTimings', () => {
  it('lists the twelve default times of section 9 for an agent without custom timings', () => {
    expect(agentTimings({ customTimings: [] })).toEqual([
      ['Bilaspur', '12:20 PM'],
      ['Mathura', '01:20 PM'],
      ['Gangotri', '02:20 PM'],
      ['Delhi Bazar', '03:00 PM'],
      ['Shri Ganesh', '04:30 PM'],
      ['Ferozpur', '05:15 PM'],
      ['Faridabad', '06:00 PM'],
      ['Palika bazar', '07:20 PM'],
      ['Gaziyabad', '09:30 PM'],
      ['Dwarka bazar', '10:25 PM'],
      ['Gali', '11:30 PM'],
      ['Disawar', '02:00 AM'],
    ]);
  });

  it('lists the custom timings when there are any', () => {
    const custom: [string, string][] = [
      ['Gali', '11:00 PM'],
      ['Disawar', '01:30 AM'],
    ];
    expect(agentTimings({ customTimings: custom })).toEqual(custom);
  });
});

describe('waLink', () => {
  it.each([
    ['+91 90000 00001', 'https://wa.me/919000000001'],
    ['+91-90000-00001', 'https://wa.me/919000000001'],
    ['0091 90000 00001', 'https://wa.me/919000000001'],
    ['(91) 9000000001', 'https://wa.me/919000000001'],
    ['919000000001', 'https://wa.me/919000000001'],
    ['', null],
    ['   ', null],
    ['call me', null],
    ['000', null],
  ])('%j -> %j', (number, link) => {
    expect(waLink(number)).toBe(link);
  });
});

describe('telLink', () => {
  it.each([
    ['+91 90000 00001', 'tel:+919000000001'],
    [' +91-90000-00001 ', 'tel:+919000000001'],
    ['090000 00001', 'tel:09000000001'],
    ['', null],
    ['n/a', null],
  ])('%j -> %j', (phone, link) => {
    expect(telLink(phone)).toBe(link);
  });
});

describe('safeUrl', () => {
  it.each<[string | null | undefined, string | null]>([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/path?q=1#top', 'http://example.com/path?q=1#top'],
    ['  https://Example.COM/a  ', 'https://example.com/a'],
    ['HTTPS://example.com', 'https://example.com/'],
    ['example.com', 'https://example.com/'],
    ['www.example.com/page', 'https://www.example.com/page'],
    ['//example.com', 'https://example.com/'],
    ['javascript:alert(1)', null],
    [' JAVASCRIPT:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['\u0000javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox(1)', null],
    ['ftp://example.com', null],
    ['file:///etc/passwd', null],
    ['mailto:a@example.com', null],
    ['localhost:3000', null],
    ['http://', null],
    ['https://exa mple.com', null],
    ['not a url', null],
    ['hello', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (url, safe) => {
    expect(safeUrl(url)).toBe(safe);
  });
});

describe('SAMPLE_AGENTS', () => {
  it('are three neutral placeholders that open only safe links', () => {
    expect(SAMPLE_AGENTS).toHaveLength(3);
    expect(new Set(SAMPLE_AGENTS.map((a) => a.id)).size).toBe(3);
    for (const agent of SAMPLE_AGENTS) {
      expect(agent.site).toBe('https://example.com');
      expect(agent.payment).toBe('UPI / Paytm');
      expect(agent.customRates).toEqual(DEFAULT_RATES);
      expect(waLink(agent.wa)).toMatch(/^https:\/\/wa\.me\/91900000000\d$/);
      expect(safeUrl(agent.site)).not.toBeNull();
      expect(JSON.stringify(agent)).not.toMatch(/guarantee|100%|sure|pakka|fix/i);
    }
  });

  it('are shown only while the store is empty', () => {
    const real: Khaiwal = { ...SAMPLE_AGENTS[0]!, id: '-Nabc', name: 'Real' };
    expect(agentsToShow([])).toBe(SAMPLE_AGENTS);
    expect(agentsToShow([real])).toEqual([real]);
  });
});

describe('readTimings', () => {
  it.each<[string, unknown, [string, string][]]>([
    [
      'a list of pairs',
      [
        ['Gali', '11:30 PM'],
        ['Disawar', '2:00am'],
      ],
      [
        ['Gali', '11:30 PM'],
        ['Disawar', '02:00 AM'],
      ],
    ],
    [
      'a {game: time} map',
      { Gali: '11:30 pm', Faridabad: '06:00 PM' },
      [
        ['Gali', '11:30 PM'],
        ['Faridabad', '06:00 PM'],
      ],
    ],
    [
      'a sparse list turned into an object',
      { 0: ['Gali', '11:30 PM'], 2: { 0: 'Disawar', 1: '02:00 AM' } },
      [
        ['Gali', '11:30 PM'],
        ['Disawar', '02:00 AM'],
      ],
    ],
    [
      'a list of {game, time}',
      [
        { game: 'Gali', time: '11:30 PM' },
        { name: 'Agra', time: '05:40 PM' },
      ],
      [
        ['Gali', '11:30 PM'],
        ['Agra', '05:40 PM'],
      ],
    ],
    ['free text times are kept as written', [['Gali', 'late night']], [['Gali', 'late night']]],
    ['incomplete pairs are dropped', [['Gali'], ['', '11:30 PM'], null, 'Gali', ['Gali', '  ']], []],
    ['nothing', undefined, []],
    ['a string', 'Gali 11:30 PM', []],
  ])('%s', (_title, node, expected) => {
    expect(readTimings(node)).toEqual(expected);
  });
});

describe('readKhaiwals', () => {
  it.each<[string, unknown, Khaiwal[]]>([
    [
      'a full record',
      {
        '-Nb': {
          name: ' Raj ',
          phone: '+91 90000 00009',
          phone2: '+91 90000 00010',
          wa: '919000000009',
          site: 'https://example.org',
          payment: 'UPI',
          customTimings: [['Gali', '11:30 PM']],
          customRates: { jodi: '10-----950', haruf: '100-----950' },
        },
      },
      [
        {
          id: '-Nb',
          name: 'Raj',
          phone: '+91 90000 00009',
          phone2: '+91 90000 00010',
          wa: '919000000009',
          site: 'https://example.org',
          payment: 'UPI',
          customTimings: [['Gali', '11:30 PM']],
          customRates: { jodi: '10-----950', haruf: '100-----950' },
        },
      ],
    ],
    [
      'missing fields read as empty, rates as the defaults, oldest id first',
      { '-Nz': { name: 'Later', phone: 9000000002, phone2: '' }, '-Na': { name: 'Earlier', customRates: { jodi: '' } } },
      [
        { id: '-Na', name: 'Earlier', phone: '', wa: '', site: '', payment: '', customTimings: [], customRates: { ...DEFAULT_RATES } },
        {
          id: '-Nz',
          name: 'Later',
          phone: '9000000002',
          wa: '',
          site: '',
          payment: '',
          customTimings: [],
          customRates: { ...DEFAULT_RATES },
        },
      ],
    ],
    [
      'junk entries are skipped',
      { a: null, b: 'text', c: 5, d: { name: 'Kept' } },
      [{ id: 'd', name: 'Kept', phone: '', wa: '', site: '', payment: '', customTimings: [], customRates: { ...DEFAULT_RATES } }],
    ],
    [
      'a list the database made from numeric keys',
      [null, { name: 'One' }, { name: 'Two' }],
      [
        { id: '1', name: 'One', phone: '', wa: '', site: '', payment: '', customTimings: [], customRates: { ...DEFAULT_RATES } },
        { id: '2', name: 'Two', phone: '', wa: '', site: '', payment: '', customTimings: [], customRates: { ...DEFAULT_RATES } },
      ],
    ],
    ['an empty store', null, []],
  ])('%s', (_title, node, expected) => {
    expect(readKhaiwals(node)).toEqual(expected);
  });

  it('orders numeric ids numerically', () => {
    const ids = readKhaiwals({ 10: { name: 'x' }, 2: { name: 'y' }, '-N': { name: 'z' } }).map((k) => k.id);
    expect(ids).toEqual(['2', '10', '-N']);
  });
});
