import { BehaviorSubject, defer, type Observable, type Subscription } from 'rxjs';
import {
  SENT_NOT_CONFIRMED,
  WRITE_CANCELLED,
  notSentBehindEarlier,
  notSentNoConnection,
  pendingBehind,
  pendingCancelled,
  pendingConfirmed,
  pendingFailed,
  pendingSending,
  pendingWaiting,
} from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';

/** How long a write may go unacknowledged before the form lets go of it and the list shows it. */
export const WRITE_ACK_MS = 3000;

/**
 * - waiting: held here, not handed to the database client yet; it can be cancelled.
 * - sending: handed to the client (which keeps it over a lost connection and sends it when the
 *   connection returns); no longer cancellable.
 * - confirmed: acknowledged by the server. failed: refused (nothing written). cancelled: never sent.
 */
export type WriteState = 'waiting' | 'sending' | 'confirmed' | 'failed' | 'cancelled';

export interface PendingWrite {
  readonly id: number;
  /** What is written, for the admin: 'Gali 21-11: 42'. */
  readonly label: string;
  /** What the write does once it arrives, for the texts: 'published', 'saved', 'deleted'. */
  readonly done: string;
  /** When the admin asked for it (ms). */
  readonly startedAt: number;
  readonly state: WriteState;
  /** Not acknowledged within WRITE_ACK_MS: the form has let go of it and the list shows it. */
  readonly listed: boolean;
  /** Why it failed, in words. */
  readonly reason?: string;
}

export interface WriteSpec {
  label: string;
  done: string;
}

export interface PendingWritesState {
  /** The database client's connection, as the queue last heard it. */
  connected: boolean;
  /** Every write not yet settled, and the listed ones until dismissed, oldest first. */
  writes: readonly PendingWrite[];
}

/**
 * What a form's call gets when its write was not acknowledged within WRITE_ACK_MS: the write
 * goes on in the list, and the message says where it stands. `settled` resolves once it is
 * confirmed, failed or cancelled.
 */
export class WritePendingError extends Error {
  override readonly name = 'WritePendingError';

  constructor(
    readonly write: PendingWrite,
    message: string,
    readonly settled: Promise<PendingWrite>,
  ) {
    super(message);
  }
}

/** A write cancelled before the form had let go of it (the sign-out cancels every unsent one). */
export class WriteCancelledError extends Error {
  override readonly name = 'WriteCancelledError';
}

/** Where a write stands, in words, as the list shows it. */
export function writeStatusText(write: PendingWrite, connected: boolean): string {
  switch (write.state) {
    case 'waiting':
      return connected ? pendingBehind(write.label, write.done) : pendingWaiting(write.label, write.done);
    case 'sending':
      return pendingSending(write.label);
    case 'confirmed':
      return pendingConfirmed(write.label, write.done);
    case 'failed':
      return pendingFailed(write.label, write.done, write.reason ?? '');
    case 'cancelled':
      return pendingCancelled(write.label, write.done);
  }
}

interface Entry {
  write: PendingWrite;
  /** `waited`: the write was held before it was sent (its data may have changed meanwhile). */
  run(waited: boolean): Promise<unknown>;
  /** Answers the form's call. */
  resolve(value: unknown): void;
  reject(error: unknown): void;
  settle(write: PendingWrite): void;
  settled: Promise<PendingWrite>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Set once submit has returned: a write started later was held first. */
  queued: boolean;
}

export const isSettled = (state: WriteState): boolean => state === 'confirmed' || state === 'failed' || state === 'cancelled';

/**
 * The dashboard's writes, in the order asked, one at a time. A write is handed to the database
 * client only while the client is connected; until then it waits here, where Cancel really
 * cancels it (the client itself would keep a write made offline and send it later, with no way
 * to take it back). Once handed over it is "sending" until the server acknowledges it, even if
 * the connection drops meanwhile (the client sends it when it returns). One at a time, so a
 * write held behind one that is stuck stays cancellable, and two changes of the same record
 * reach the server in the order they were made.
 *
 * A form's call resolves as the command does when the server answers within WRITE_ACK_MS;
 * otherwise it rejects with WritePendingError, the form becomes usable again and the write
 * stays in the list (`state$`) until it is confirmed, failed or cancelled, and dismissed.
 */
export class PendingWrites {
  private readonly subject = new BehaviorSubject<PendingWritesState>({ connected: false, writes: [] });
  private entries: Entry[] = [];
  private connected = false;
  private watching: Subscription | undefined;
  private nextId = 1;

  constructor(
    private readonly connected$: Observable<boolean>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The connection and the writes; watching it starts following the connection. */
  readonly state$: Observable<PendingWritesState> = defer(() => {
    this.watch();
    return this.subject;
  });

  /** Writes not yet acknowledged (waiting or sending), listed or not. */
  unsent(): number {
    return this.entries.filter((e) => e.write.state === 'waiting' || e.write.state === 'sending').length;
  }

  /**
   * Runs `run` (the command) once connected and after every earlier write; resolves or rejects
   * as it does if that happens within WRITE_ACK_MS, otherwise rejects with WritePendingError.
   */
  submit<T>(spec: WriteSpec, run: (waited: boolean) => Promise<T>): Promise<T> {
    this.watch();
    return new Promise<T>((resolve, reject) => {
      let settle: (write: PendingWrite) => void = () => undefined;
      const settled = new Promise<PendingWrite>((done) => (settle = done));
      const entry: Entry = {
        write: { id: this.nextId++, label: spec.label, done: spec.done, startedAt: this.now(), state: 'waiting', listed: false },
        run,
        resolve: resolve as (value: unknown) => void,
        reject,
        settle,
        settled,
        timer: undefined,
        queued: false,
      };
      entry.timer = setTimeout(() => this.overdue(entry), WRITE_ACK_MS);
      this.entries.push(entry);
      this.pump();
      entry.queued = true;
      this.emit();
    });
  }

  /** Cancels a write not yet sent; false when it is already on its way or settled. */
  cancel(id: number): boolean {
    const entry = this.entries.find((e) => e.write.id === id);
    if (!entry || entry.write.state !== 'waiting') return false;
    this.finish(entry, { state: 'cancelled' }, () => entry.reject(new WriteCancelledError(WRITE_CANCELLED)));
    return true;
  }

  /** Cancels every write not yet sent (signing out); returns how many. */
  cancelWaiting(): number {
    return this.entries.filter((e) => e.write.state === 'waiting').filter((e) => this.cancel(e.write.id)).length;
  }

  /** Takes a settled write off the list. */
  dismiss(id: number): void {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.write.id !== id || !isSettled(e.write.state));
    if (this.entries.length !== before) this.emit();
  }

  /** Whether the database client is connected now (as last heard). */
  isConnected(): boolean {
    this.watch();
    return this.connected;
  }

  /** What the form says of a write that has not been acknowledged in time. */
  pendingText(write: PendingWrite): string {
    if (write.state === 'sending') return SENT_NOT_CONFIRMED;
    return this.connected ? notSentBehindEarlier(write.done) : notSentNoConnection(write.done);
  }

  private watch(): void {
    this.watching ??= this.connected$.subscribe({
      next: (connected) => {
        this.connected = connected;
        this.emit();
        this.pump();
      },
      error: (error: unknown) => console.error('admin: connection state failed', error),
    });
  }

  /** Starts the oldest waiting write when connected and nothing is on its way. */
  private pump(): void {
    if (!this.connected || this.entries.some((e) => e.write.state === 'sending')) return;
    const next = this.entries.find((e) => e.write.state === 'waiting');
    if (!next) return;
    this.update(next, { state: 'sending' });
    let result: Promise<unknown>;
    try {
      result = next.run(next.queued);
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (value) => this.finish(next, { state: 'confirmed' }, () => next.resolve(value)),
      (error: unknown) => this.finish(next, { state: 'failed', reason: errorText(error) }, () => next.reject(error)),
    );
  }

  private overdue(entry: Entry): void {
    entry.timer = undefined;
    if (isSettled(entry.write.state)) return;
    this.update(entry, { listed: true });
    entry.reject(new WritePendingError(entry.write, this.pendingText(entry.write), entry.settled));
  }

  /**
   * Settles a write: a form still waiting for it gets the answer and the write leaves at once;
   * a listed one stays, showing how it ended.
   */
  private finish(entry: Entry, change: Partial<PendingWrite>, answer: () => void): void {
    clearTimeout(entry.timer);
    entry.write = { ...entry.write, ...change };
    if (!entry.write.listed) {
      this.entries = this.entries.filter((e) => e !== entry);
      answer();
    }
    this.emit();
    entry.settle(entry.write);
    this.pump();
  }

  private update(entry: Entry, change: Partial<PendingWrite>): void {
    entry.write = { ...entry.write, ...change };
    this.emit();
  }

  private emit(): void {
    this.subject.next({ connected: this.connected, writes: this.entries.map((e) => e.write) });
  }
}
