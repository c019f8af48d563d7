import { cacheKeys } from '@satta/shared/data';
import { PageCache, type PageMaker, type StoredPage } from './pageCache.ts';
import type { RenderTurns } from './renderTurns.ts';
import type { RenderData } from './renderData.ts';

/**
 * The bytes of finished years' charts kept (about 30 KB each, gzip and brotli: 1,600 charts);
 * past it the least recently asked for go, and are rendered again when next asked for.
 */
export const FINISHED_YEAR_BYTES = 48 * 1024 * 1024;

/** How long a finished year's chart is served as it is before it is looked at again (ms). */
export const FINISHED_YEAR_RECHECK_MS = 60 * 60 * 1000;

/**
 * The charts of finished years: kept compactly (its compressed bytes and a hash of what it read,
 * about 30 KB), up to `maxBytes` of them, rendered once per change of its data (its bytes
 * compressed off the event loop). Such a page is served as it is
 * until it is looked at again: after `recheckMs`, or at once after a correction (its year is then
 * loaded, and the page rendered again only if what it read changed).
 */
export class FinishedYears {
  readonly pages: PageCache;
  private correctionsSeen: { value: unknown; json: string } | null = null;

  constructor(
    maker: PageMaker,
    private readonly data: RenderData,
    private readonly turns: RenderTurns,
    private readonly recheckMs = FINISHED_YEAR_RECHECK_MS,
    maxBytes = FINISHED_YEAR_BYTES,
  ) {
    this.pages = new PageCache(maker, { compact: true, maxBytes });
  }

  /** The chart `key` of a finished year: the kept page while it stands, else looked at in turn. */
  async page(key: string, year: { game: string; year: number }): Promise<StoredPage | null> {
    const snapshot = this.data.snapshot;
    if (!snapshot) return this.pages.peek(key);
    this.noteCorrections(snapshot.entries[cacheKeys.corrections]);
    const stored = this.pages.peek(key);
    if (stored && this.pages.isCurrent(stored) && Date.now() - stored.checkedAt < this.recheckMs) return stored;
    return this.turns.inTurn(async () => {
      const loaded = this.data.loadYear ? await this.data.loadYear(year.game, year.year) : true;
      if (!loaded) return stored ?? null;
      // The year has just been taken in (firebase-admin's work on the event loop, about as long as
      // the render): requests that came meanwhile are answered before the render, not after both.
      await new Promise((ok) => setImmediate(ok));
      return this.pages.getAsync(key, this.data.snapshot);
    }, stored);
  }

  /**
   * A correction may be of any past day: each finished year is looked at again when next asked
   * for. Compared by content: the same list read again (a new day's window) changes nothing.
   */
  private noteCorrections(corrections: unknown): void {
    if (corrections === this.correctionsSeen?.value) return;
    const json = JSON.stringify(corrections ?? null);
    if (this.correctionsSeen !== null && json !== this.correctionsSeen.json) this.pages.recheck(() => true);
    this.correctionsSeen = { value: corrections, json };
  }
}
