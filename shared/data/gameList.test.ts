import { describe, expect, it } from 'vitest';
import { gameListUrl, readGameNames, readRestNode, restNodeUrl } from './gameList.ts';

/** A fetch that records what it was asked and answers `status` with `body`. */
function fakeFetch(status: number, body: unknown) {
  const asked: { url: string; headers: unknown }[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    asked.push({ url: String(input), headers: init?.headers });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("a server's REST read of a node", () => {
  it('asks for the query as Firebase takes it, the namespace last', () => {
    const read = { path: 'sattanamee/Gali', orderBy: '$key', startAt: '2026-01-01', endAt: '2026-12-31', limitToLast: 1 };
    expect(String(restNodeUrl('http://127.0.0.1:9000/', 'demo-x', read))).toBe(
      'http://127.0.0.1:9000/sattanamee/Gali.json?orderBy=%22%24key%22&startAt=%222026-01-01%22&endAt=%222026-12-31%22&limitToLast=1&ns=demo-x',
    );
  });

  it('answers the stored node as it is, and says a refusal with the query asked for', async () => {
    const { fetch } = fakeFetch(200, { '2026-11-20': { number: '09' } });
    expect(await readRestNode({ base: 'http://127.0.0.1:9000', fetch }, { path: 'sattanamee/Disawar' })).toEqual({
      '2026-11-20': { number: '09' },
    });
    const refused = fakeFetch(401, { error: 'Permission denied' }).fetch;
    await expect(
      readRestNode({ base: 'http://127.0.0.1:9000', namespace: 'demo-x', fetch: refused }, { path: 'mian', limitToFirst: 1 }),
    ).rejects.toThrow('the database at http://127.0.0.1:9000 answered HTTP 401: Permission denied to GET /mian.json?limitToFirst=1');
  });
});

describe('the game list of the servers (one shallow read of the results root)', () => {
  it('reads the results root shallowly, with the namespace only when one is given', () => {
    expect(String(gameListUrl('https://demo-x-default-rtdb.firebaseio.com/'))).toBe(
      'https://demo-x-default-rtdb.firebaseio.com/sattanamee.json?shallow=true',
    );
    expect(String(gameListUrl('http://127.0.0.1:9000', 'demo-x'))).toBe('http://127.0.0.1:9000/sattanamee.json?shallow=true&ns=demo-x');
    expect(String(gameListUrl('http://127.0.0.1:9000', null))).toBe('http://127.0.0.1:9000/sattanamee.json?shallow=true');
  });

  it('gives the names sorted, with the headers it is handed, and none for an empty database', async () => {
    const { fetch, asked } = fakeFetch(200, { Gali: true, Disawar: true, Faridabad: true });
    const names = await readGameNames({
      base: 'http://127.0.0.1:9000',
      namespace: 'demo-x',
      headers: async () => ({ Authorization: 'Bearer t' }),
      fetch,
    });
    expect(names).toEqual(['Disawar', 'Faridabad', 'Gali']);
    expect(asked).toEqual([
      { url: 'http://127.0.0.1:9000/sattanamee.json?shallow=true&ns=demo-x', headers: { Authorization: 'Bearer t' } },
    ]);
    expect(await readGameNames({ base: 'http://127.0.0.1:9000', fetch: fakeFetch(200, null).fetch })).toEqual([]);
  });

  it("says a refusal with the database's words, or in the caller's", async () => {
    const refused = fakeFetch(401, { error: 'Permission denied' }).fetch;
    await expect(readGameNames({ base: 'http://127.0.0.1:9000', fetch: refused })).rejects.toThrow(
      'the database at http://127.0.0.1:9000 answered HTTP 401: Permission denied to GET /sattanamee.json?shallow=true',
    );
    await expect(
      readGameNames({ base: 'http://127.0.0.1:9000', fetch: refused, refusal: (response, status) => `no (${response.status}, ${status})` }),
    ).rejects.toThrow('no (401, HTTP 401: Permission denied)');
  });

  it('says a database that does not answer', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(readGameNames({ base: 'http://127.0.0.1:9000', fetch: down })).rejects.toThrow(
      'the database at http://127.0.0.1:9000 did not answer (fetch failed)',
    );
  });
});
