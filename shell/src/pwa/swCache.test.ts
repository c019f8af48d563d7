import { describe, expect, it, vi } from 'vitest';
import SOURCE from '../../public/sw.js?raw';

/*
 * The caching half of shell/public/sw.js (its push half is tested in src/push/sw.test.ts),
 * loaded as written into a fake worker global with in-memory caches and a scripted network.
 */
const ORIGIN = 'https://site.example';

type Handler = (event: Record<string, unknown>) => void;

function loadWorker(network: (url: string) => Response | Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const caches = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        match: async (key: string) => store.get(key)?.clone(),
        put: async (key: string, response: Response) => void store.set(key, response),
        keys: async () => [...store.keys()].map((key) => new Request(key)),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const fetches: string[] = [];
  const fetch = vi.fn(async (input: Request | string) => {
    const url = typeof input === 'string' ? input : input.url;
    fetches.push(url);
    return network(url);
  });
  const handlers = new Map<string, Handler>();
  const self = {
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    registration: { scope: `${ORIGIN}/`, showNotification: vi.fn() },
    clients: { claim: vi.fn(async () => undefined), matchAll: vi.fn(async () => []), openWindow: vi.fn() },
    location: { origin: ORIGIN },
    caches,
    fetch,
  };
  new Function('self', 'URL', 'console', SOURCE)(self, URL, console);

  /** A fetch event: what the worker answered (undefined: it let the browser go to the network). */
  const request = async (url: string, mode: RequestMode | 'navigate' = 'cors', method = 'GET') => {
    let answer: Promise<Response> | undefined;
    const background: Promise<unknown>[] = [];
    handlers.get('fetch')?.({
      request: { url, mode, method },
      respondWith: (response: Promise<Response>) => (answer = response),
      waitUntil: (promise: Promise<unknown>) => background.push(promise),
    });
    const response = await answer;
    await Promise.all(background);
    return response;
  };
  const message = async (data: unknown) => {
    const jobs: Promise<unknown>[] = [];
    handlers.get('message')?.({ data, waitUntil: (promise: Promise<unknown>) => jobs.push(promise) });
    await Promise.all(jobs);
  };
  return { request, message, fetches, stores };
}

const page = (text: string) => new Response(text, { headers: { 'content-type': 'text/html' } });

describe('service worker cache', () => {
  it('serves a hashed asset from the cache once fetched (cache first)', async () => {
    const worker = loadWorker(() => new Response('code'));
    const url = `${ORIGIN}/assets/index-AbC-dE12.js`;
    expect(await (await worker.request(url))?.text()).toBe('code');
    expect(await (await worker.request(url))?.text()).toBe('code');
    expect(worker.fetches).toEqual([url]);
  });

  it('answers a page from the cache at once and refreshes it for the next visit', async () => {
    let version = 1;
    const worker = loadWorker(() => page(`results ${version}`));
    expect(await (await worker.request(`${ORIGIN}/`, 'navigate'))?.text()).toBe('results 1');
    version = 2;
    expect(await (await worker.request(`${ORIGIN}/?utm=x`, 'navigate'))?.text()).toBe('results 1');
    expect(await (await worker.request(`${ORIGIN}/`, 'navigate'))?.text()).toBe('results 2');
  });

  it('marks a page it answers from the cache as a copy, and only those', async () => {
    const worker = loadWorker(() => page('<!doctype html><html lang="hi"><body>42</body></html>'));
    const first = await worker.request(`${ORIGIN}/`, 'navigate');
    expect(await first?.text()).toBe('<!doctype html><html lang="hi"><body>42</body></html>');
    const copy = await worker.request(`${ORIGIN}/`, 'navigate');
    expect(await copy?.text()).toBe('<!doctype html><html data-page-copy="" lang="hi"><body>42</body></html>');
    expect(copy?.headers.get('content-type')).toBe('text/html');
  });

  it.each([`${ORIGIN}/config.json`, `${ORIGIN}/remotes/mf-chart/remoteEntry.js`, 'https://chart.example/remoteEntry.js'])(
    'revalidates %s in the background',
    async (url) => {
      let version = 1;
      const worker = loadWorker(() => new Response(`v${version}`));
      await worker.request(url);
      version = 2;
      expect(await (await worker.request(url))?.text()).toBe('v1');
      expect(await (await worker.request(url))?.text()).toBe('v2');
    },
  );

  it('offline, still paints the pages it has seen, and the home page for one it has not', async () => {
    let online = true;
    const worker = loadWorker(() => (online ? page('last results') : Promise.reject(new TypeError('Failed to fetch'))));
    await worker.request(`${ORIGIN}/`, 'navigate');
    online = false;
    expect(await (await worker.request(`${ORIGIN}/`, 'navigate'))?.text()).toBe('last results');
    expect(await (await worker.request(`${ORIGIN}/chart`, 'navigate'))?.text()).toBe('last results');
    await expect(worker.request(`${ORIGIN}/config.json`)).rejects.toThrow('Failed to fetch');
  });

  it.each([
    ['the database', 'https://db.example/.lp?start=t', 'GET'],
    ['the notify service', 'https://notify.example/subscriptions', 'GET'],
    ['a POST', `${ORIGIN}/config.json`, 'POST'],
    ['the worker itself', `${ORIGIN}/sw.js`, 'GET'],
    ["Firebase's reserved paths", `${ORIGIN}/__/auth/handler`, 'GET'],
  ])('leaves %s alone', async (_name, url, method) => {
    const worker = loadWorker(() => new Response('x'));
    expect(await worker.request(url, 'cors', method)).toBeUndefined();
    expect(worker.fetches).toEqual([]);
  });

  it("keeps what the page fetched before the worker served it (the 'warm' message)", async () => {
    const worker = loadWorker((url) => (url.endsWith('/') ? page('first visit') : new Response(url)));
    await worker.message({
      type: 'warm',
      page: `${ORIGIN}/`,
      urls: [`${ORIGIN}/assets/index-AbC-dE12.js`, `${ORIGIN}/config.json`, 'https://db.example/.lp?x=1'],
    });
    expect(worker.fetches.sort()).toEqual([`${ORIGIN}/`, `${ORIGIN}/assets/index-AbC-dE12.js`, `${ORIGIN}/config.json`]);
    expect(await (await worker.request(`${ORIGIN}/`, 'navigate'))?.text()).toBe('first visit');
    expect(await (await worker.request(`${ORIGIN}/assets/index-AbC-dE12.js`))?.text()).toBe(`${ORIGIN}/assets/index-AbC-dE12.js`);
  });
});
