import type { StoredPage } from './pageCache.ts';

/** How many renders may wait for their turn; past it a request is answered at once (a stale page, or none). */
export const RENDER_QUEUE = 32;

/**
 * The renders that may wait (not-found pages of their own address, finished years): one per turn
 * of the event loop, so that pages kept in memory are answered between them while a crawler walks
 * the site; past `queue` waiting, `busy` answers at once.
 */
export class RenderTurns {
  private turn: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly queue = RENDER_QUEUE) {}

  /** `work` at its turn, or `busy` at once when the queue is full. */
  inTurn(work: () => StoredPage | null | Promise<StoredPage | null>, busy: StoredPage | null = null): Promise<StoredPage | null> {
    if (this.waiting >= this.queue) return Promise.resolve(busy);
    this.waiting += 1;
    const done = this.turn.then(
      () => new Promise<StoredPage | null>((ok, fail) => setImmediate(() => Promise.resolve().then(work).then(ok, fail))),
    );
    this.turn = done.catch(() => undefined);
    return done.finally(() => (this.waiting -= 1));
  }
}
