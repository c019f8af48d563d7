import type { RenderData } from './renderData.ts';
import { PAGE_ROUTES } from './routing.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * A new snapshot (a published result) renders the always-kept pages at once, before anyone asks:
 * the first request after a result then costs no render. One page per turn of the event loop,
 * `/` first: a request waiting meanwhile is answered as soon as its page is ready, not after the
 * whole set. One write may make several snapshots in a row; the pages are looked at for the last
 * one, and a snapshot that comes while they are being rendered starts them over. A data source
 * with `onSnapshot` starts it at once; the timer (`everyMs`) looks for a snapshot that came otherwise.
 */
export class Prewarmer {
  private warmed: Snapshot | null = null;
  private queue: string[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private readonly stopWatching: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly data: RenderData,
    private readonly warmPage: (route: string, snapshot: Snapshot) => void,
    everyMs: number | undefined,
  ) {
    this.stopWatching = everyMs ? data.onSnapshot?.(() => this.warm()) : undefined;
    this.timer = everyMs
      ? setInterval(() => {
          if (this.data.snapshot && this.data.snapshot !== this.warmed) this.warm();
        }, everyMs)
      : null;
    this.timer?.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.scheduled) clearImmediate(this.scheduled);
    this.stopWatching?.();
  }

  private warm(): void {
    this.scheduled ??= setImmediate(() => this.next());
  }

  private next(): void {
    this.scheduled = null;
    const snapshot = this.data.snapshot;
    if (!snapshot) return;
    if (snapshot !== this.warmed) {
      this.warmed = snapshot;
      this.queue = [...PAGE_ROUTES];
    }
    const route = this.queue.shift();
    if (route === undefined) return;
    this.warmPage(route, snapshot);
    if (this.queue.length > 0) this.warm();
  }
}
