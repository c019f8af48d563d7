/**
 * Answers wait in a connection's outbox until the writes before them are durable. While a write is
 * waiting for the disk, a client sending requests as fast as it can must not make the server keep an
 * answer for each: past MAX_WAITING_ANSWERS its transport is asked to stop reading, and to read again
 * once the answers have gone out, in their order.
 */
import { describe, expect, it } from 'vitest';
import { Connection, MAX_WAITING_ANSWERS, type Transport } from './connection.ts';
import type { Envelope } from './protocol.ts';
import { fromJSON } from './tree.ts';
import type { Namespace } from './namespace.ts';

/** A database holding "05:00 PM" at /time, with write 1 applied but not yet durable. */
function slowDisk(): { ns: Namespace; makeDurable(): void; subscriber(): Connection | null } {
  let durable = 0;
  let subscriber: Connection | null = null;
  const ns = {
    name: 'slow',
    appliedSeq: 1,
    get durable() {
      return durable;
    },
    data: fromJSON({ time: '05:00 PM' }),
    subscribe: (c: Connection) => void (subscriber = c),
    unsubscribe: () => void (subscriber = null),
    read: () => ({ status: 'ok', node: fromJSON('05:00 PM'), seq: 1 }),
  } as unknown as Namespace;
  return {
    ns,
    makeDurable: () => {
      durable = 1;
      subscriber?.onDurable(1);
    },
    subscriber: () => subscriber,
  };
}

describe('answers waiting for the disk', () => {
  it(`past ${MAX_WAITING_ANSWERS} waiting answers the client's requests are not read until they have gone out`, () => {
    const sent: Envelope[] = [];
    const holds: boolean[] = [];
    const transport: Transport = { send: (e) => void sent.push(e), hold: (on) => void holds.push(on) };
    const disk = slowDisk();
    const conn = new Connection(transport, disk.ns, {
      projectId: 'demo',
      host: 'localhost',
      sessionId: 's',
      log: () => {},
      reportError: (line) => {
        throw new Error(line);
      },
    });
    conn.start();
    expect(sent).toHaveLength(1); // the handshake

    for (let r = 1; r <= 300; r++) conn.receive({ t: 'd', d: { r, a: 'g', b: { p: 'time', q: {} } } });
    expect(sent).toHaveLength(1);
    expect(holds).toEqual([true]);

    disk.makeDurable();
    expect(holds).toEqual([true, false]);
    const answers = sent.slice(1) as unknown as Array<{ d: { r: number; b: { s: string; d: unknown } } }>;
    expect(answers).toHaveLength(300);
    expect(answers[0]).toEqual({ t: 'd', d: { r: 1, b: { s: 'ok', d: '05:00 PM' } } });
    expect(answers.map((a) => a.d.r)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });
});
