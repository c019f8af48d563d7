import type { RenderData } from './renderData.ts';
import { PAGE_ROUTES } from './routing.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * The least time between the starts of two passes over the pages (ms). A crawler walking the
 * charts of finished years brings in a year, hence a new snapshot, some 20 times a second; a
 * pass for each looked at every public page again (its plan and what it read: 8 ms of CPU a
 * chart page, a quarter of its render). A new result is still in the pages within this time, and
 * a request meanwhile looks at its own page.
 */
export const PREWARM_GAP_MS = 250;

/**
 * A new snapshot (a published result) renders the always-kept pages at once, before anyone asks:
 * the first request after a result then costs no render. One page per turn of the event loop,
 * `/` first: a request waiting meanwhile is answered as soon as its page is ready, not after the
 * whole set. One write may make several snapshots in a row; the pages are looked at for the last
 * one, and a snapshot that comes while they are being rendered starts them over. Passes start at
 * least `gapMs` (PREWARM_GAP_MS) apart. A data source
 * with `onSnapshot` starts it at once; the timer (`everyMs`) looks for a snapshot that came otherwise.
 */
export class Prewarmer {
  private warmed: Snapshot | null = null;
  private queue: string[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  /** The pass waiting for the gap since the last one started. */
  private delayed: NodeJS.Timeout | null = null;
  /** When the last pass started (Date.now()). */
  private passStarted = -Infinity;
  private readonly stopWatching: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly data: RenderData,
    private readonly warmPage: (route: string, snapshot: Snapshot) => void,
    everyMs: number | undefined,
    private readonly gapMs = PREWARM_GAP_MS,
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
    if (this.delayed) clearTimeout(this.delayed);
    this.stopWatching?.();
  }

  private warm(): void {
    if (this.scheduled || this.delayed) return;
    // A pass under way goes on at once; a new one waits for the gap since the last one started.
    const wait = this.queue.length > 0 ? 0 : this.passStarted + this.gapMs - Date.now();
    if (wait > 0) {
      this.delayed = setTimeout(() => {
        this.delayed = null;
        this.warm();
      }, wait);
      this.delayed.unref();
      return;
    }
    this.scheduled = setImmediate(() => this.next());
  }

  private next(): void {
    this.scheduled = null;
    const snapshot = this.data.snapshot;
    if (!snapshot) return;
    if (snapshot !== this.warmed) {
      this.warmed = snapshot;
      this.queue = [...PAGE_ROUTES];
      this.passStarted = Date.now();
    }
    const route = this.queue.shift();
    if (route === undefined) return;
    this.warmPage(route, snapshot);
    if (this.queue.length > 0) this.warm();
  }
}
