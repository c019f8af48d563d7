/** Firebase orderings and query evaluation, table-driven. */
import { describe, expect, it } from 'vitest';
import { hashNode } from './hash.ts';
import { evaluateQuery, parseRestQuery, parseWireQuery } from './query.ts';
import { fromJSON, nameCompare, setChild, sortedKeys, toJSON, type Branch } from './tree.ts';

function keys(json: unknown, q: ReturnType<typeof parseWireQuery>): string[] {
  const result = evaluateQuery(fromJSON(json), q);
  return result === null || result.kind === 'leaf' ? [] : [...result.children.keys()];
}

describe('key order', () => {
  it('puts 32-bit integer keys first, numerically, then strings', () => {
    const input = ['b', '10', '-5', 'a', '2', '007', '7', '2147483648', 'A', '-2147483648'];
    expect([...input].sort(nameCompare)).toEqual(['-2147483648', '-5', '2', '7', '007', '10', '2147483648', 'A', 'a', 'b']);
  });

  it('keeps the sorted key cache right through inserts and removals', () => {
    let node = fromJSON({ b: 1, '10': 1, d: 1 });
    sortedKeys(node as Branch);
    node = setChild(node, ['2'], fromJSON(1));
    node = setChild(node, ['c'], fromJSON(1));
    node = setChild(node, ['b'], null);
    node = setChild(node, ['d'], fromJSON(2));
    expect(sortedKeys(node as Branch)).toEqual(['2', '10', 'c', 'd']);
  });
});

describe('wire queries', () => {
  const scores = { a: { s: 5 }, b: { s: 1 }, c: { s: 3 }, d: { other: 1 }, e: { s: 'x' }, f: { s: false }, g: { s: 3 } };
  const table: Array<[string, Record<string, unknown>, string[]]> = [
    ['child startAt', { i: 's', sp: 3, sin: true }, ['c', 'g', 'a', 'e']],
    ['child startAt with key', { i: 's', sp: 3, sn: 'g', sin: true }, ['g', 'a', 'e']],
    ['child startAfter', { i: 's', sp: 3, sn: '[MAX_NAME]', sin: false }, ['a', 'e']],
    ['child endBefore', { i: 's', ep: 3, en: '[MIN_NAME]', ein: false }, ['d', 'f', 'b']],
    ['child equalTo', { i: 's', sp: 3, sin: true, ep: 3, ein: true }, ['c', 'g']],
    ['child limit right', { i: 's', l: 3, vf: 'r' }, ['g', 'a', 'e']],
    ['child null first', { i: 's', l: 1, vf: 'l' }, ['d']],
    ['key range', { i: '.key', sp: 'b', sin: true, ep: 'd', ein: false }, ['b', 'c']],
    ['key startAfter', { i: '.key', sp: 'e', sin: false }, ['f', 'g']],
  ];
  for (const [name, q, expected] of table) {
    it(name, () => expect(keys(scores, parseWireQuery(q))).toEqual(expected));
  }

  it('returns nothing for a leaf or a missing location', () => {
    expect(evaluateQuery(fromJSON('leaf'), parseWireQuery({ i: '.key', l: 1, vf: 'l' }))).toBeNull();
    expect(evaluateQuery(null, parseWireQuery({ i: '.key', l: 1, vf: 'l' }))).toBeNull();
  });
});

describe('REST query parameters', () => {
  it('reads orderBy, bounds with key names, and limits', () => {
    const q = parseRestQuery(new URLSearchParams('orderBy="s"&startAt=3,"g"&limitToFirst=2'));
    expect(keys({ a: { s: 5 }, c: { s: 3 }, g: { s: 3 }, h: { s: 4 } }, q as never)).toEqual(['g', 'h']);
    expect(parseRestQuery(new URLSearchParams('shallow=true'))).toBeNull();
    expect(() => parseRestQuery(new URLSearchParams('limitToFirst=2'))).toThrow(/orderBy/);
  });
});

describe('hash', () => {
  it('is empty for no data and stable for equal data', () => {
    expect(hashNode(null)).toBe('');
    const a = fromJSON({ x: 1, y: { '.value': 'v', '.priority': 2 } });
    const b = fromJSON(toJSON(a, true));
    expect(hashNode(a)).toBe(hashNode(b));
    expect(hashNode(a)).not.toBe(hashNode(fromJSON({ x: 1, y: 'v' })));
  });
});
