/**
 * `x-http-method-override` lets clients that can only POST send other methods (Firebase accepts it on
 * POST alone). On a GET it would turn a link or an image tag, answered with `Access-Control-Allow-Origin: *`,
 * into a write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, startTestServer } from './test-support.ts';
import type { RtdbServer } from './server.ts';

let server: RtdbServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, stop } = await startTestServer());
});

afterAll(async () => {
  await stop();
});

describe('x-http-method-override', () => {
  it('a GET asking to be a DELETE is an ordinary read and deletes nothing', async () => {
    const ns = freshNamespace();
    const url = `${server.url}/sattanamee/Gali/time.json?ns=${ns}&auth=owner`;
    expect((await fetch(url, { method: 'PUT', body: JSON.stringify('05:00 PM') })).status).toBe(200);

    const viaParam = await fetch(`${url}&x-http-method-override=DELETE`);
    expect(viaParam.status).toBe(200);
    expect(await viaParam.json()).toBe('05:00 PM');
    const viaHeader = await fetch(url, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(await viaHeader.json()).toBe('05:00 PM');

    expect(await (await fetch(url)).json()).toBe('05:00 PM');
  });

  it('a POST may still ask to be a DELETE or a PUT', async () => {
    const ns = freshNamespace();
    const url = `${server.url}/sattanamee/Gali/time.json?ns=${ns}&auth=owner`;
    await fetch(`${url}&x-http-method-override=PUT`, { method: 'POST', body: JSON.stringify('06:00 PM') });
    expect(await (await fetch(url)).json()).toBe('06:00 PM');
    await fetch(url, { method: 'POST', headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(await (await fetch(url)).json()).toBe(null);
  });
});
