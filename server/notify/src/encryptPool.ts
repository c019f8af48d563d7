import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Subscription } from './subscription.ts';
import { encryptPayload, webPushCipher } from './webPushEncrypt.ts';

/**
 * Where a fan-out's messages are encrypted. The work of a message is one ECDH, the HKDF steps and
 * one AES-GCM (webPushEncrypt.ts), about 0.3 ms of CPU, while sending it costs the event loop
 * a third of that: on one thread 100,000 messages take 30 s of encryption alone. With `workers`
 * > 0 the encryption runs on that many worker threads and the event loop only sends, so a
 * 2-core machine uses both cores. 0: on the event loop (tests, one core).
 */
export interface Encryptor {
  encrypt(keys: Subscription['keys'], plaintext: Buffer): Promise<Buffer>;
  readonly workers: number;
  close(): void;
}

/**
 * As many workers as cores. The event loop's own work per message (the HTTP request) is about a
 * third of the encryption's, so with one worker fewer than the cores a 2-core machine left half
 * a core idle; with one per core the system shares the cores between them and both are busy.
 */
export function defaultEncryptWorkers(): number {
  return Math.max(1, availableParallelism());
}

/*
 * The worker's code: webPushCipher of webPushEncrypt.ts, from its source text (it uses nothing
 * but node:crypto, which it is given), so the workers run the very code the tests check, from
 * the TypeScript sources and from the bundled service alike (a worker file of its own would not
 * be in the bundle). `__name` is what esbuild (tsx, the bundle) may wrap named functions in.
 * A message holds a batch: the plaintext once (a fan-out sends one text to everyone), then
 * [id, p256dh, auth] per subscriber. The answer carries the batch's bodies end to end in one
 * ArrayBuffer, transferred rather than copied, with their ids and lengths (-1: that subscriber's
 * keys were refused, and why); a body is a view of it.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const __name = (fn) => fn;
const encrypt = (${webPushCipher.toString()})(require('node:crypto'));
parentPort.on('message', ({ plaintext, jobs }) => {
  const text = Buffer.from(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength);
  const ids = new Float64Array(jobs.length);
  const lengths = new Int32Array(jobs.length);
  const bodies = new Array(jobs.length);
  const errors = [];
  let total = 0;
  for (let i = 0; i < jobs.length; i += 1) {
    const [id, p256dh, auth] = jobs[i];
    ids[i] = id;
    try {
      bodies[i] = encrypt(p256dh, auth, text);
      lengths[i] = bodies[i].length;
      total += lengths[i];
    } catch (error) {
      lengths[i] = -1;
      errors.push(String(error && error.message));
    }
  }
  const out = new Uint8Array(total);
  for (let i = 0, at = 0; i < jobs.length; i += 1) {
    if (lengths[i] < 0) continue;
    out.set(bodies[i], at);
    at += lengths[i];
  }
  parentPort.postMessage({ ids, lengths, out, errors }, [out.buffer, ids.buffer, lengths.buffer]);
});
`;

type Job = [id: number, p256dh: string, auth: string];
interface Answer {
  ids: Float64Array;
  lengths: Int32Array;
  out: Uint8Array;
  /** Why, for each length of -1 in turn. */
  errors: string[];
}

export function createEncryptor(workers: number): Encryptor {
  if (workers <= 0) {
    return {
      workers: 0,
      encrypt: async (keys, plaintext) => encryptPayload(keys, plaintext),
      close: () => undefined,
    };
  }
  const pending = new Map<number, { resolve(body: Buffer): void; reject(error: Error): void }>();
  let nextId = 0;
  const pool = Array.from({ length: workers }, () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const state = { worker, inFlight: 0, queued: [] as Job[], plaintext: null as Uint8Array | null };
    worker.on('message', ({ ids, lengths, out, errors }: Answer) => {
      state.inFlight -= ids.length;
      let failed = 0;
      for (let i = 0, at = out.byteOffset; i < ids.length; i += 1) {
        const id = ids[i] as number;
        const length = lengths[i] as number;
        const waiter = pending.get(id);
        pending.delete(id);
        if (length < 0) {
          waiter?.reject(new Error(errors[failed] ?? 'encryption failed'));
          failed += 1;
          continue;
        }
        waiter?.resolve(Buffer.from(out.buffer, at, length));
        at += length;
      }
    });
    worker.on('error', (error) => {
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(error);
      }
    });
    return state;
  });
  // Jobs asked for in one turn of the event loop go to the workers as one message each.
  let flushing = false;
  const flush = () => {
    flushing = false;
    for (const state of pool) {
      if (state.queued.length === 0) continue;
      state.inFlight += state.queued.length;
      state.worker.postMessage({ plaintext: state.plaintext, jobs: state.queued });
      state.queued = [];
      state.plaintext = null;
    }
  };
  return {
    workers,
    encrypt(keys, plaintext) {
      return new Promise((resolve, reject) => {
        const id = (nextId += 1);
        pending.set(id, { resolve, reject });
        // The least busy worker.
        let best = pool[0] as (typeof pool)[number];
        for (const state of pool) if (state.inFlight + state.queued.length < best.inFlight + best.queued.length) best = state;
        // A batch holds one plaintext: another text (a second fan-out at the same moment) starts a batch.
        if (best.plaintext !== null && !sameBytes(best.plaintext, plaintext)) flush();
        best.plaintext = plaintext;
        best.queued.push([id, keys.p256dh, keys.auth]);
        if (!flushing) {
          flushing = true;
          queueMicrotask(flush);
        }
      });
    },
    close() {
      for (const state of pool) void state.worker.terminate();
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error('the encryptor was closed'));
      }
    },
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a === b || Buffer.compare(a, b) === 0;
