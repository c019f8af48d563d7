import { jsonFeed, feedEntries, rssFeed } from './feeds.ts';
import { storedBody, type StoredBody } from './pageCache.ts';
import type { Snapshot } from './snapshot.ts';

/** Both feeds of a snapshot, made on the first request for either: a snapshot is never changed, only replaced. */
export class FeedStore {
  private readonly made = new WeakMap<Snapshot, { json: StoredBody; xml: StoredBody }>();

  constructor(private readonly origin: () => string) {}

  /** `/feed.json` or `/feed.xml` of `snapshot`, compressed, with its ETag. */
  feed(snapshot: Snapshot, format: 'json' | 'xml'): StoredBody {
    let made = this.made.get(snapshot);
    if (!made) {
      const entries = feedEntries(snapshot);
      const origin = this.origin();
      made = { json: storedBody(jsonFeed(entries, origin), snapshot.at), xml: storedBody(rssFeed(entries, origin), snapshot.at) };
      this.made.set(snapshot, made);
    }
    return made[format];
  }
}
