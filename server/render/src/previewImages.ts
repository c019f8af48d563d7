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

/**
 * The link-preview images of the render service: each page's current preview, drawn once per
 * page and data hash, on its first request. A page keeps only its current image (an older
 * address is answered with a redirect), and at most `limit` pages keep one, the least recently
 * asked for going first. Renders run one at a time, so a burst of different charts takes one
 * thread of libuv's pool, not all of them (the pool also compresses the pages).
 */
export class PreviewImages {
  /** Images rendered so far (the tests count them). */
  renders = 0;
  /** Each snapshot's previews, worked out once (page heads and image requests ask for them). */
  private readonly described = new WeakMap<Snapshot, Map<string, Preview>>();
  private readonly kept = new Map<string, { hash: string; image: Promise<StoredImage> }>();
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: {
      timezone: string;
      /** Pages that keep an image (default 64: `/` and the charts asked for lately; about 50 KB each). */
      limit?: number;
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

  /** The PNG of `preview` (current for `snapshot`): the kept one, else rendered now (once, however many ask). */
  image(preview: Preview, snapshot: Snapshot): Promise<StoredImage> {
    const key = targetKey(preview.target);
    const kept = this.kept.get(key);
    if (kept && kept.hash === preview.hash) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.image;
    }
    const asOf = preview.model.newest ?? snapshot.at;
    const image = this.turn.then(async (): Promise<StoredImage> => {
      const svg = previewSvg(preview.model, asOf, this.options.timezone);
      this.renders += 1;
      const png = await (this.options.draw ?? svgToPng)(svg);
      return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`, dataAt: snapshot.at };
    });
    this.turn = image.catch(() => undefined);
    const entry = { hash: preview.hash, image };
    this.kept.delete(key);
    this.kept.set(key, entry);
    // A failed render is not kept: the next request tries again.
    image.catch((error: unknown) => {
      console.error(`render: the preview ${preview.path} failed`, error);
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    const limit = this.options.limit ?? 64;
    for (const old of [...this.kept.keys()].slice(0, Math.max(0, this.kept.size - limit))) this.kept.delete(old);
    return image;
  }
}
