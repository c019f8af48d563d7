import { describe, expect, it } from 'vitest';
import { restReads } from './listGames.ts';

const GAME_LIST = { path: 'sattanamee', shallow: true };

/** A fetch that records what it was asked and answers `status` with `body`. */
function fakeFetch(status: number, body: unknown) {
  const asked: { url: string; authorization: string | undefined }[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    asked.push({ url: String(input), authorization: (init?.headers as Record<string, string> | undefined)?.Authorization });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

const BASE = 'https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app';

describe("the render service's reads without a listener: the game list (a shallow REST read)", () => {
  it("reads with the service's own access token, so locked rules do not keep it from its data", async () => {
    const { fetch, asked } = fakeFetch(200, { GALI: true, DISAWAR: true });
    const read = restReads({ base: `${BASE}/`, accessToken: async () => 'ya29.token', fetch });
    expect(await read(GAME_LIST)).toEqual({ GALI: true, DISAWAR: true });
    expect(asked).toEqual([{ url: `${BASE}/sattanamee.json?shallow=true`, authorization: 'Bearer ya29.token' }]);
  });

  it('reads the emulator without a token, naming the namespace', async () => {
    const { fetch, asked } = fakeFetch(200, null);
    expect(await restReads({ base: 'http://127.0.0.1:9000', namespace: 'demo-x', fetch })(GAME_LIST)).toBeNull();
    expect(asked).toEqual([{ url: 'http://127.0.0.1:9000/sattanamee.json?shallow=true&ns=demo-x', authorization: undefined }]);
  });

  it('names the cause of a refusal: the role, the database URL, a disabled database, missing credentials', async () => {
    const token = async () => 'ya29.token';
    const failure = async (status: number, body: unknown) =>
      restReads({ base: BASE, accessToken: token, fetch: fakeFetch(status, body).fetch })(GAME_LIST).catch((error: Error) => error.message);
    expect(await failure(403, { error: 'Permission denied' })).toBe(
      "the database refused the service's account (HTTP 403: Permission denied): grant it the database role " +
        '(firebasedatabase.instances.get; `npm run deploy` grants it) and check that databaseURL names the instance of this project',
    );
    expect(
      await failure(404, {
        error: 'Firebase error. Please ensure that you have the URL of your Firebase Realtime Database instance configured correctly.',
      }),
    ).toMatch(
      /^no database at https:\/\/satta-prod-default-rtdb\.asia-southeast1\.firebasedatabase\.app \(HTTP 404: Firebase error\..*\): databaseURL names no instance of this project$/,
    );
    expect(await failure(423, { error: 'Database disabled' })).toBe(
      `the database at ${BASE} is disabled (HTTP 423: Database disabled): re-enable it in the Firebase console`,
    );
    const noCredentials = await restReads({
      base: BASE,
      accessToken: () => Promise.reject(new Error('Could not load the default credentials')),
      fetch: fakeFetch(200, {}).fetch,
    })(GAME_LIST).catch((error: Error) => error.message);
    expect(noCredentials).toBe(
      "no credentials for the database (Could not load the default credentials): the service's account gives them on Cloud Run; " +
        'elsewhere set GOOGLE_APPLICATION_CREDENTIALS',
    );
  });
});
