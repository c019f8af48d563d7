import { createHash } from 'node:crypto';
import { describePreview, previewSvg, svgToPng, type Preview, type PreviewTarget } from './linkPreview.ts';
import type { Snapshot } from './snapshot.ts';

/** A rendered preview image, kept with its ETag and the time of its data. */
export interface StoredImage {
  png: Buffer;
  etag: string;
  dataAt: number;
}

const targetKey = (target: PreviewTarget) => (target.kind === 'home' ? 'home' : `chart:${target.game}:${target.year}`);

/** What an image request gets: the current image, the page's last one while it is drawn, or nothing yet. */
export type ImageAnswer = { kind: 'current'; image: StoredImage } | { kind: 'stale'; image: StoredImage } | { kind: 'busy' };

/** One image being drawn or drawn: `done` once it is. */
interface Drawing {
  hash: string;
  image: Promise<StoredImage>;
  done?: StoredImage;
  /** Requests waiting for it now: at its turn, a drawing nobody waits for any more is dropped. */
  waiters: number;
}

/** A drawing dropped at its turn because every request that wanted it had gone. */
class Dropped extends Error {}

/** The bytes of preview images kept (about 55 KB each: some 600 pages). */
export const PREVIEW_BYTES = 32 * 1024 * 1024;

/** Drawings that may wait for their turn (one is drawn at a time, about 140 ms each). */
export const PREVIEW_QUEUE = 16;

/**
 * The link-preview images of the render service: each page's current preview, drawn once per
 * page and data hash, on its first request. A page keeps only its current image (an older
 * address is answered with a redirect), and at most `limit` pages keep one, the least recently
 * asked for going first. Drawings run one at a time, so a burst of different charts takes one
 * thread of libuv's pool, not all of them (the pool also compresses the pages), and at most
 * `queue` wait: past that, or past a request's own wait, the request gets the page's last image
 * (stale) or nothing yet, and a waiting drawing whose requests have all gone is dropped.
 */
export class PreviewImages {
  /** Images rendered so far (the tests count them). */
  renders = 0;
  /** Drawings dropped at their turn, nobody waiting for them any more. */
  dropped = 0;
  /** Each snapshot's previews, worked out once (page heads and image requests ask for them). */
  private readonly described = new WeakMap<Snapshot, Map<string, Preview>>();
  private readonly kept = new Map<string, Drawing>();
  /** Each page's last image drawn, whatever its data: answered while its current one is drawn. */
  private readonly last = new Map<string, StoredImage>();
  private turn: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly options: {
      timezone: string;
      /** Pages that keep an image (default 1,000: `/` and every chart of a large site; about 50 KB each). */
      limit?: number;
      /** At most this many bytes of images (default PREVIEW_BYTES), the least recently drawn going first. */
      maxBytes?: number;
      /** Drawings that may wait for their turn (default PREVIEW_QUEUE). */
      queue?: number;
      /** SVG -> PNG (default: resvg off the event loop); tests put a counting one in. */
      draw?: (svg: string) => Promise<Buffer>;
    },
  ) {}

  /** The current preview of a page from `snapshot`. */
  describe(target: PreviewTarget, snapshot: Snapshot): Preview {
    let previews = this.described.get(snapshot);
    if (!previews) {
      previews = new Map();
      this.described.set(snapshot, previews);
    }
    const key = targetKey(target);
    let preview = previews.get(key);
    if (!preview) {
      preview = describePreview(target, snapshot);
      previews.set(key, preview);
    }
    return preview;
  }

  /**
   * The PNG of `preview` (current for `snapshot`): the kept one, else drawn now (once, however
   * many ask), waiting for its turn however long. Rejects when the queue is full.
   */
  image(preview: Preview, snapshot: Snapshot): Promise<StoredImage> {
    const drawing = this.drawing(preview, snapshot);
    if (!drawing) return Promise.reject(new Error(`render: the preview queue is full (${this.queue} waiting)`));
    if (drawing.done) return Promise.resolve(drawing.done);
    drawing.waiters += 1;
    return drawing.image.finally(() => (drawing.waiters -= 1));
  }

  /**
   * What a request for `preview`'s image gets within `waitMs`: the current image (drawn now if it
   * must be and the queue has room), else the page's last image; a page never drawn waits
   * `firstWaitMs` for its turn, and gets nothing when the queue is full or the wait runs out. A request that has
   * gone (`signal`) stops waiting, and its drawing is dropped if nobody else waits for it.
   */
  async answer(
    preview: Preview,
    snapshot: Snapshot,
    wait: { waitMs: number; firstWaitMs?: number; signal?: AbortSignal },
  ): Promise<ImageAnswer> {
    const key = targetKey(preview.target);
    const fallback = (): ImageAnswer => {
      const last = this.last.get(key);
      return last ? { kind: 'stale', image: last } : { kind: 'busy' };
    };
    const drawing = this.drawing(preview, snapshot);
    if (!drawing) return fallback();
    if (drawing.done) return { kind: 'current', image: drawing.done };
    drawing.waiters += 1;
    // With a last image to give, `waitMs`; a page never drawn waits for its turn (`firstWaitMs`).
    const waitMs = this.last.has(key) ? wait.waitMs : (wait.firstWaitMs ?? wait.waitMs);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const gaveUp = new Promise<null>((ok) => {
      timer = setTimeout(() => ok(null), waitMs);
      onAbort = () => ok(null);
      wait.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const image = await Promise.race([drawing.image.catch(() => null), gaveUp]);
      return image ? { kind: 'current', image } : fallback();
    } finally {
      drawing.waiters -= 1;
      clearTimeout(timer);
      if (onAbort) wait.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The images kept (each page's current and last one, counted once) and their bytes. */
  get held(): { count: number; bytes: number } {
    const images = new Set<StoredImage>(this.last.values());
    for (const drawing of this.kept.values()) if (drawing.done) images.add(drawing.done);
    let bytes = 0;
    for (const image of images) bytes += image.png.length;
    return { count: images.size, bytes };
  }

  /**
   * Past `maxBytes`, the images of the least recently drawn pages go (never `keep`'s, just
   * drawn): a page without one is drawn again when asked for.
   */
  private trim(keep: string): void {
    const maxBytes = this.options.maxBytes ?? PREVIEW_BYTES;
    let { bytes } = this.held;
    if (bytes <= maxBytes) return;
    for (const key of [...this.last.keys()]) {
      if (bytes <= maxBytes) break;
      if (key === keep) continue;
      const last = this.last.get(key);
      const kept = this.kept.get(key);
      this.last.delete(key);
      if (kept?.done) this.kept.delete(key);
      bytes -= (last?.png.length ?? 0) + (kept?.done && kept.done !== last ? kept.done.png.length : 0);
    }
  }

  private get queue(): number {
    return this.options.queue ?? PREVIEW_QUEUE;
  }

  /** The drawing of `preview`: kept, or queued now; null when the queue is full. */
  private drawing(preview: Preview, snapshot: Snapshot): Drawing | null {
    const key = targetKey(preview.target);
    const kept = this.kept.get(key);
    if (kept && kept.hash === preview.hash) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    if (this.waiting >= this.queue) return null;
    this.waiting += 1;
    const asOf = preview.model.newest ?? snapshot.at;
    const drawing: Drawing = { hash: preview.hash, waiters: 0, image: Promise.resolve() as unknown as Promise<StoredImage> };
    drawing.image = this.turn.then(async (): Promise<StoredImage> => {
      this.waiting -= 1;
      if (drawing.waiters === 0) throw new Dropped();
      const svg = previewSvg(preview.model, asOf, this.options.timezone);
      this.renders += 1;
      const png = await (this.options.draw ?? svgToPng)(svg);
      const image = { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`, dataAt: snapshot.at };
      drawing.done = image;
      this.last.delete(key);
      this.last.set(key, image);
      this.trim(key);
      return image;
    });
    this.turn = drawing.image.catch(() => undefined);
    this.kept.delete(key);
    this.kept.set(key, drawing);
    // A failed or dropped drawing is not kept: the next request tries again.
    drawing.image.catch((error: unknown) => {
      if (error instanceof Dropped) this.dropped += 1;
      else console.error(`render: the preview ${preview.path} failed`, error);
      if (this.kept.get(key) === drawing) this.kept.delete(key);
    });
    const limit = this.options.limit ?? 1000;
    for (const map of [this.kept, this.last] as Map<string, unknown>[]) {
      for (const old of [...map.keys()].slice(0, Math.max(0, map.size - limit))) map.delete(old);
    }
    return drawing;
  }
}
