import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingWrites, WriteCancelledError, WritePendingError, writeStatusText, type PendingWrite } from './pendingWrites.ts';

const GALI = { label: 'Gali 21-11: 42', done: 'published' };

/** A command the test answers when it likes. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function queue(connected: boolean) {
  const connection = new BehaviorSubject(connected);
  const writes = new PendingWrites(connection, () => Date.parse('2026-11-21T12:30:00Z'));
  const seen: PendingWrite[][] = [];
  writes.state$.subscribe((state) => seen.push([...state.writes]));
  const last = () => seen[seen.length - 1] ?? [];
  return { connection, writes, last };
}

/** The rejection of a call, once it has come (the call keeps running in the background). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('pending writes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connected and answered in time: the call resolves as the command does and nothing is listed', async () => {
    const { writes, last } = queue(true);
    const run = vi.fn(async () => 'ok');
    await expect(writes.submit(GALI, run)).resolves.toBe('ok');
    expect(run).toHaveBeenCalledWith(false);
    expect(last()).toEqual([]);
    expect(writes.unsent()).toBe(0);
  });

  it('connected and refused in time: the call rejects with the refusal and nothing is listed', async () => {
    const { writes, last } = queue(true);
    const refusal = new Error('PERMISSION_DENIED: Permission denied');
    await expect(writes.submit(GALI, async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(last()).toEqual([]);
  });

  it('offline: held, not sent; after 3 s the form is told in words and the write is listed with its state', async () => {
    const { writes, last } = queue(false);
    const run = vi.fn(async () => 'ok');
    const call = rejection(writes.submit(GALI, run));
    await vi.advanceTimersByTimeAsync(2999);
    expect(last().map((w) => w.listed)).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(WritePendingError);
    expect((error as Error).message).toBe('No connection: not published yet. It will be sent when the connection returns.');
    expect(run).not.toHaveBeenCalled();
    expect(last()).toEqual([
      { id: 1, label: 'Gali 21-11: 42', done: 'published', startedAt: Date.parse('2026-11-21T12:30:00Z'), state: 'waiting', listed: true },
    ]);
    expect(writeStatusText(last()[0] as PendingWrite, false)).toBe('Gali 21-11: 42: not published yet, waiting for the connection.');
    expect(writes.unsent()).toBe(1);
  });

  it('Cancel before the connection returns: the command never runs, even once connected', async () => {
    const { connection, writes, last } = queue(false);
    const run = vi.fn(async () => 'ok');
    const call = rejection(writes.submit(GALI, run));
    await vi.advanceTimersByTimeAsync(3000);
    const { settled } = (await call) as WritePendingError;
    expect(writes.cancel(1)).toBe(true);
    connection.next(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
    expect((await settled).state).toBe('cancelled');
    expect(writeStatusText(last()[0] as PendingWrite, true)).toBe('Gali 21-11: 42: cancelled, not published.');
    expect(writes.unsent()).toBe(0);
    writes.dismiss(1);
    expect(last()).toEqual([]);
  });

  it('the connection returns: the held write is sent (as one that waited) and the list says it is confirmed', async () => {
    const { connection, writes, last } = queue(false);
    const run = vi.fn(async () => 'ok');
    const call = rejection(writes.submit(GALI, run));
    await vi.advanceTimersByTimeAsync(3000);
    const { settled } = (await call) as WritePendingError;
    connection.next(true);
    expect(run).toHaveBeenCalledWith(true);
    expect((await settled).state).toBe('confirmed');
    expect(last().map((w) => writeStatusText(w, true))).toEqual(['Gali 21-11: 42: published, confirmed by the server.']);
    expect(writes.cancel(1)).toBe(false);
  });

  it('sent but not acknowledged in time: "sent, not confirmed", no longer cancellable, confirmed when the answer comes', async () => {
    const { writes, last } = queue(true);
    const answer = deferred<string>();
    const call = rejection(writes.submit(GALI, () => answer.promise));
    await vi.advanceTimersByTimeAsync(3000);
    const error = (await call) as WritePendingError;
    expect(error.message).toBe(
      'Sent, but the server has not confirmed it yet (the connection may be gone). It will be confirmed when the connection returns; it can no longer be cancelled.',
    );
    expect(writeStatusText(last()[0] as PendingWrite, false)).toBe(
      'Gali 21-11: 42: sent, waiting for the server to confirm. It can no longer be cancelled.',
    );
    expect(writes.cancel(1)).toBe(false);
    answer.resolve('ok');
    expect((await error.settled).state).toBe('confirmed');
  });

  it('refused after it was listed: the list says so in words', async () => {
    const { writes, last } = queue(true);
    const answer = deferred<string>();
    const call = rejection(writes.submit(GALI, () => answer.promise));
    await vi.advanceTimersByTimeAsync(3000);
    const { settled } = (await call) as WritePendingError;
    answer.reject(new Error('PERMISSION_DENIED: Permission denied'));
    expect((await settled).state).toBe('failed');
    expect(writeStatusText(last()[0] as PendingWrite, true)).toBe(
      'Gali 21-11: 42: not published. You are not allowed to make this change; sign in again as the admin.',
    );
  });

  it('one at a time, in order: a write behind a stuck one is held, cancellable, and says why', async () => {
    const { writes, last } = queue(true);
    const first = deferred<string>();
    const second = vi.fn(async () => 'second');
    const calls = [
      rejection(writes.submit(GALI, () => first.promise)),
      rejection(writes.submit({ label: 'Khaiwal Raju', done: 'saved' }, second)),
    ];
    await vi.advanceTimersByTimeAsync(3000);
    const [, behind] = (await Promise.all(calls)) as WritePendingError[];
    expect(behind?.message).toBe('Not saved yet: the server has not confirmed an earlier change. It will be sent after that one.');
    expect(second).not.toHaveBeenCalled();
    expect(last().map((w) => writeStatusText(w, true))).toEqual([
      'Gali 21-11: 42: sent, waiting for the server to confirm. It can no longer be cancelled.',
      'Khaiwal Raju: not saved yet, waiting for an earlier change.',
    ]);
    first.resolve('first');
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toHaveBeenCalledWith(true);
    expect((await behind?.settled)?.state).toBe('confirmed');
  });

  it('cancelWaiting (signing out) cancels what was not sent, and a form still waiting is told', async () => {
    const { writes } = queue(false);
    const run = vi.fn(async () => 'ok');
    const call = rejection(writes.submit(GALI, run));
    expect(writes.cancelWaiting()).toBe(1);
    const error = await call;
    expect(error).toBeInstanceOf(WriteCancelledError);
    expect((error as Error).message).toBe('Cancelled: nothing was sent.');
    expect(writes.unsent()).toBe(0);
    expect(run).not.toHaveBeenCalled();
  });
});
