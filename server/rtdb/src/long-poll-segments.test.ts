/**
 * Long-polling clients send their messages as numbered base64 segments in poll URLs. Segment fields are
 * attacker-controlled: a missing or zero segment count once spun the server in a loop forever, and
 * segments of a message that never completes were kept without limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { adminPut, bystanderRead, within } from './bystander.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { freshNamespace } from './test-support.ts';

const servers: ChildServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function start(args: string[] = []): Promise<ChildServer> {
  const server = await startChildServer({ args });
  servers.push(server);
  return server;
}

async function openSession(url: string, ns: string): Promise<{ id: string; pw: string }> {
  const text = await (await fetch(`${url}/.lp?start=t&ser=1&cb=1&v=5&ns=${ns}`, { signal: AbortSignal.timeout(5000) })).text();
  const m = /pLPCommand1\('start','([^']+)','([^']+)'\)/.exec(text);
  if (!m) throw new Error(`no session in ${text}`);
  return { id: m[1] as string, pw: m[2] as string };
}

describe('long-poll segments', () => {
  it('a segment without a count is refused and the server keeps serving everyone', async () => {
    const server = await start();
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const { id, pw } = await openSession(server.url, ns);

    const attack = fetch(`${server.url}/.lp?id=${id}&pw=${pw}&ser=2&seg0=0&d0=eA`, { signal: AbortSignal.timeout(5000) });
    attack.catch(() => {});

    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
    expect((await within(attack, 5000, 'the attacking poll')).status).toBe(400);
    expect(server.alive()).toBe(true);
  });

  it('refuses counts and numbers that are zero, negative, fractional or not numbers', async () => {
    const server = await start();
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    for (const fields of [
      'seg0=0&ts0=0&d0=eA',
      'seg0=0&ts0=-1&d0=eA',
      'seg0=0&ts0=0.5&d0=eA',
      'seg0=x&ts0=1&d0=eA',
      'seg0=-1&ts0=1&d0=eA',
      'seg0=0&ts0=1',
    ]) {
      const { id, pw } = await openSession(server.url, ns);
      const res = await fetch(`${server.url}/.lp?id=${id}&pw=${pw}&ser=2&${fields}`, { signal: AbortSignal.timeout(5000) });
      expect({ fields, status: res.status }).toEqual({ fields, status: 400 });
    }
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
    expect(server.alive()).toBe(true);
  });

  it('ends a session whose unfinished message grows past the message size limit', async () => {
    const server = await start(['--max-message-bytes', '65536']);
    const ns = freshNamespace();
    await adminPut(server.url, ns, 'sattanamee/Gali/time', '05:00 PM');
    const { id, pw } = await openSession(server.url, ns);

    // 8 segments of 1,800 characters per poll, of a message announced as 80,000 segments long (within the count a 64 KiB message may have).
    const statuses: number[] = [];
    const polls: Array<Promise<void>> = [];
    const chunk = 'A'.repeat(1800);
    for (let poll = 0; poll < 40 && !statuses.includes(413); poll++) {
      const fields = Array.from({ length: 8 }, (_, i) => `seg${i}=${poll * 8 + i}&ts${i}=80000&d${i}=${chunk}`).join('&');
      polls.push(
        fetch(`${server.url}/.lp?id=${id}&pw=${pw}&ser=${poll + 2}&${fields}`, { signal: AbortSignal.timeout(5000) }).then(
          (res) => void statuses.push(res.status),
          () => void statuses.push(0),
        ),
      );
      // Each poll releases the one held before it, so its answer tells whether the server took the segments.
      const answered = poll;
      await within(
        (async () => {
          while (statuses.length < answered && !statuses.includes(413)) await new Promise((r) => setTimeout(r, 5));
        })(),
        5000,
        `poll ${poll}`,
      );
    }
    expect(statuses).toContain(413);
    await within(Promise.all(polls), 5000, 'the held polls');
    const after = await fetch(`${server.url}/.lp?id=${id}&pw=${pw}&ser=99`, { signal: AbortSignal.timeout(5000) });
    expect(after.status).toBe(404);
    expect(await bystanderRead(server.port, ns, 'sattanamee/Gali/time')).toBe('05:00 PM');
  });
});
