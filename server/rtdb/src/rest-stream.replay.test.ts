/**
 * The promise of a REST stream: a client that applies its events in order holds exactly what a REST
 * read returns. Checked after hundreds of random writes of every kind (sets, updates, deletes, pushes,
 * at, above, below and beside the streamed locations, the whole database included), several at once,
 * on plain and query streams.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStreamEvent, freshNamespace, normalized, SseClient, startTestServer } from './test-support.ts';
import type { RtdbServer } from './server.ts';

let server: RtdbServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, stop } = await startTestServer());
});

afterAll(async () => {
  await stop();
});

/** Random choices from a seeded generator (mulberry32), so a failure replays exactly. */
class Dice {
  private state: number;

  constructor(seed: number) {
    this.state = seed;
  }

  /** A number in [0, 1). */
  roll(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.roll() * items.length)] as T;
  }

  /** Mostly inside the streamed locations, sometimes beside them. */
  path(minDepth: number, maxDepth: number): string {
    const depth = minDepth + Math.floor(this.roll() * (maxDepth - minDepth + 1));
    const keys = depth === 0 ? [] : [this.roll() < 0.85 ? 'room' : 'other'];
    while (keys.length < depth) keys.push(this.pick(KEYS));
    return keys.join('/');
  }

  value(depth: number): unknown {
    const r = this.roll();
    if (r < 0.15) return null;
    if (r < 0.2) return { '.sv': 'timestamp' };
    if (r < 0.5 || depth >= 3) return this.pick([1, 2.5, 'x', 'y', true, false]);
    const out: Record<string, unknown> = {};
    const count = 1 + Math.floor(this.roll() * 3);
    for (let i = 0; i < count; i++) out[this.pick(KEYS)] = this.value(depth + 1);
    return out;
  }
}

/** Keys that also look like array indexes, so REST arrays come and go. */
const KEYS = ['a', 'b', '0', '1', '2'];

/** One random write over REST as the owner. */
function randomWrite(ns: string, dice: Dice): Promise<Response> {
  const url = (path: string): string => `${server.url}/${path}.json?ns=${ns}&auth=owner`;
  const r = dice.roll();
  if (r < 0.4) return fetch(url(dice.path(1, 4)), { method: 'PUT', body: JSON.stringify(dice.value(0)) });
  if (r < 0.7) {
    // Entries with distinct first keys never overlap, as an update requires.
    const patch: Record<string, unknown> = {};
    const firsts = KEYS.filter(() => dice.roll() < 0.5);
    for (const first of firsts.length > 0 ? firsts : ['a'])
      patch[dice.roll() < 0.5 ? first : `${first}/${dice.pick(KEYS)}`] = dice.value(1);
    return fetch(url(dice.path(0, 3)), { method: 'PATCH', body: JSON.stringify(patch) });
  }
  if (r < 0.92) return fetch(url(dice.path(1, 4)), { method: 'DELETE' });
  if (r < 0.97) return fetch(url(dice.path(1, 2)), { method: 'POST', body: JSON.stringify(dice.value(1)) });
  // The whole database: replaced, or deleted.
  return fetch(url(''), { method: dice.roll() < 0.5 ? 'DELETE' : 'PUT', body: JSON.stringify({ room: dice.value(1) }) });
}

interface Watched {
  stream: SseClient;
  /** The REST read the stream must match: the same location and query. */
  readUrl: string;
}

async function converged({ stream, readUrl }: Watched, round: number): Promise<void> {
  const expected = normalized(await (await fetch(readUrl)).json());
  const replayed = (): unknown => normalized(stream.events.reduce(applyStreamEvent, null));
  try {
    await stream.waitUntil(() => isDeepStrictEqual(replayed(), expected), `${readUrl} after round ${round}`);
  } catch (err) {
    // Shows the difference; the error stands if the stream has, in between, caught up after all.
    expect({ round, readUrl, replayed: replayed() }).toEqual({ round, readUrl, replayed: expected });
    throw err;
  }
}

describe('replaying a REST stream', () => {
  it('gives the data a REST read returns, after many random writes several at a time', async () => {
    const ns = freshNamespace();
    const dice = new Dice(20260611);
    const locations: Array<[string, Record<string, string>]> = [
      ['', {}],
      ['room', {}],
      ['room/a', {}],
      ['room/a/0', {}],
      ['room', { format: 'export' }],
      ['room', { orderBy: '"$key"', limitToLast: '2' }],
      ['room', { orderBy: '"$key"', startAt: '"1"', endAt: '"a"' }],
      ['room/b', { orderBy: '"$key"', limitToFirst: '1' }],
    ];
    const watched: Watched[] = [];
    for (const [path, params] of locations) {
      const query = new URLSearchParams({ ns, ...params });
      watched.push({ stream: await SseClient.open(`${server.url}/${path}.json?${query}`), readUrl: `${server.url}/${path}.json?${query}` });
    }
    try {
      for (let round = 0; round < 30; round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => randomWrite(ns, dice)));
        for (const answer of answers) expect(answer.status).toBe(200);
        for (const w of watched) await converged(w, round);
      }
      for (const { stream } of watched) {
        expect(stream.ended).toBe(false);
        expect(stream.events.length).toBeGreaterThan(1);
      }
    } finally {
      for (const { stream } of watched) stream.abort();
    }
  });
});
