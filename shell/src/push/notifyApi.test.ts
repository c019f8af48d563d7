import { afterEach, describe, expect, it, vi } from 'vitest';
import { postSubscription, putGames, type NotifyCall } from './notifyApi.ts';

const SUBSCRIPTION = { endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } };

function service(status: number, body: unknown) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const call: NotifyCall = {
    notifyUrl: 'https://notify.example/',
    fetch: vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(url), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) as unknown });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }) as unknown as typeof fetch,
  };
  return { call, requests };
}

afterEach(() => vi.restoreAllMocks());

describe('postSubscription', () => {
  it("logs the specification's lines and answers the games the subscription follows", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const fresh = service(201, { status: 'saved', key: 'k' });
    expect(await postSubscription(fresh.call, SUBSCRIPTION)).toEqual({ status: 'saved', games: null });
    expect(fresh.requests).toEqual([{ url: 'https://notify.example/subscriptions', method: 'POST', body: SUBSCRIPTION }]);
    const known = service(200, { status: 'exists', key: 'k', games: ['Gali'] });
    expect(await postSubscription(known.call, SUBSCRIPTION)).toEqual({ status: 'exists', games: ['Gali'] });
    expect(log.mock.calls).toEqual([['Subscription saved to Firebase.'], ['Subscription already exists in Firebase.']]);
  });

  it('names the endpoint it replaces, unless it is the same one', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const rotated = service(201, { status: 'saved', key: 'k', games: ['Gali'] });
    await postSubscription(rotated.call, SUBSCRIPTION, 'https://push.example/old');
    await postSubscription(rotated.call, SUBSCRIPTION, SUBSCRIPTION.endpoint);
    expect(rotated.requests.map((r) => r.body)).toEqual([{ ...SUBSCRIPTION, previous: 'https://push.example/old' }, SUBSCRIPTION]);
  });

  it('fails on a refusal, with the status and the answer', async () => {
    const refused = service(429, { error: 'Too many requests; try again in 5 s.' });
    await expect(postSubscription(refused.call, SUBSCRIPTION)).rejects.toThrow(
      'The notify service refused the subscription: HTTP 429 {"error":"Too many requests; try again in 5 s."}',
    );
  });
});

describe('putGames', () => {
  it('sends the endpoint and the games in the body, and answers what was stored', async () => {
    const ok = service(200, { status: 'saved', games: ['Gali'] });
    expect(await putGames(ok.call, SUBSCRIPTION.endpoint, ['Gali'])).toEqual(['Gali']);
    expect(ok.requests).toEqual([
      { url: 'https://notify.example/subscriptions/games', method: 'PUT', body: { endpoint: SUBSCRIPTION.endpoint, games: ['Gali'] } },
    ]);
    const all = service(200, { status: 'saved', games: null });
    expect(await putGames(all.call, SUBSCRIPTION.endpoint, null)).toBeNull();
    const gone = service(404, { error: 'No subscription has this endpoint; subscribe first.' });
    await expect(putGames(gone.call, SUBSCRIPTION.endpoint, [])).rejects.toThrow('HTTP 404');
  });
});
