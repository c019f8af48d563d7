/**
 * Every write is matched against every listen of every client, so one anonymous socket with 20,000
 * listens once made each result write take over a second for everyone. A connection may hold a bounded
 * number of listens; more are refused the way Firebase refuses a listen, with a status the SDK reports
 * to the listener's cancel callback.
 */
import { deleteApp } from 'firebase/app';
import { onValue, ref } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPut, within } from './bystander.ts';
import { MAX_LISTENS_PER_CONNECTION } from './listens.ts';
import { freshNamespace, sdkClient, startTestServer, WireClient } from './test-support.ts';

const cleanup: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function server(): Promise<{ port: number; url: string }> {
  const started = await startTestServer();
  cleanup.push(started.stop);
  return started.server;
}

async function wire(port: number, ns: string): Promise<WireClient> {
  const w = await WireClient.connect(port, ns);
  cleanup.push(() => w.close());
  return w;
}

describe('listens per connection', () => {
  it(`refuses listens beyond ${MAX_LISTENS_PER_CONNECTION} on one socket, and the others still get live updates`, async () => {
    const { port, url } = await server();
    const ns = freshNamespace();
    await adminPut(url, ns, 'sattanamee/Gali/time', '05:00 PM');

    const attacker = await wire(port, ns);
    const asked = MAX_LISTENS_PER_CONNECTION + 20;
    const answers = await within(
      Promise.all(Array.from({ length: asked }, (_, i) => attacker.request('q', { p: `sattanamee/Gali/time/x${i}`, h: '' }))),
      10_000,
      'listen answers',
    );
    expect(answers.filter((a) => a.s === 'ok')).toHaveLength(MAX_LISTENS_PER_CONNECTION);
    expect(answers.slice(MAX_LISTENS_PER_CONNECTION)).toEqual(
      Array.from({ length: 20 }, () => ({
        s: 'too_many_listens',
        d: `A connection may hold at most ${MAX_LISTENS_PER_CONNECTION} listens`,
      })),
    );

    // Listening again where it already listens, or after stopping one, is still allowed.
    expect((await attacker.request('q', { p: 'sattanamee/Gali/time/x0', h: '' })).s).toBe('ok');
    expect((await attacker.request('n', { p: 'sattanamee/Gali/time/x1' })).s).toBe('ok');
    expect((await attacker.request('q', { p: 'sattanamee/Gali/time/other', h: '' })).s).toBe('ok');

    const visitor = sdkClient(port, ns);
    cleanup.push(() => deleteApp(visitor.app));
    const seen: unknown[] = [];
    onValue(ref(visitor.db, 'sattanamee/Gali/time'), (snap) => void seen.push(snap.val()));
    await within(
      (async () => {
        while (!seen.includes('05:00 PM')) await new Promise((r) => setTimeout(r, 10));
      })(),
      5000,
      'visitor first value',
    );
    await adminPut(url, ns, 'sattanamee/Gali/time', '06:00 PM');
    await within(
      (async () => {
        while (!seen.includes('06:00 PM')) await new Promise((r) => setTimeout(r, 10));
      })(),
      5000,
      'visitor live update',
    );
  });

  it('the SDK reports a refused listen to the listener as an error', async () => {
    const { port, url } = await server();
    const ns = freshNamespace();
    await adminPut(url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const client = sdkClient(port, ns);
    cleanup.push(() => deleteApp(client.app));
    for (let i = 0; i < MAX_LISTENS_PER_CONNECTION; i++) onValue(ref(client.db, `filler/f${i}`), () => {});
    const error = await within(
      new Promise<Error>((resolve) => onValue(ref(client.db, 'sattanamee/Gali/time'), () => {}, resolve)),
      10_000,
      'cancel callback',
    );
    expect(error.message).toBe('too_many_listens at /sattanamee/Gali/time: Unknown Error');
  });
});
