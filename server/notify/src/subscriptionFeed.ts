/**
 * The whole subscription list, and every change to it, over the Realtime Database's REST
 * streaming API (`Accept: text/event-stream`): the first `put` carries the list, later `put` and
 * `patch` events carry each change as it is made, whoever makes it (another instance, a hand edit).
 *
 * Not firebase-admin's listener: the SDK keeps its own copy of everything it listens to, as a tree
 * of immutable nodes of several objects per value, and raises one event per child, which for
 * 100,000 subscriptions took over a minute and 700 MB on this machine. Here the list arrives as
 * one JSON text, parsed once into the index (subscriptionIndex.ts), and nothing else is kept.
 *
 * When the stream ends (the server closes it, `auth_revoked` when the access token expires after
 * an hour, a network error) it is opened again with a fresh token, and its first `put` replaces
 * the list.
 */
/** How the whole list arrived (the start's log line, the bench): from the request on. */
export interface ResetTiming {
  /** Bytes of the event that carried the list. */
  bytes: number;
  /** Until the answer's first byte (the database finding and serialising the list). */
  firstByteMs: number;
  /** Until the list's last byte. */
  receivedMs: number;
  /** Parsing the list (JSON.parse). */
  parseMs: number;
}

export interface FeedHandlers {
  /** The whole list (null: none), at the start and after every reconnection. */
  reset(entries: Record<string, unknown> | null, timing?: ResetTiming): void;
  /** A change at `path` (segments under the list: [key], [key, 'games'], …) to `value` (null: removed). */
  change(path: string[], value: unknown): void;
}

export interface FeedOptions {
  /** `https://<db>/webPushSubscriptions.json` (with `?ns=` against the emulator). */
  url: string;
  /** The bearer token of the request: an OAuth2 access token in production, `owner` locally. */
  token(): Promise<string>;
  handlers: FeedHandlers;
  /** Wait before opening the stream again. */
  retryMs?: number;
  log?: (line: string) => void;
}

export function subscriptionFeed(options: FeedOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  let controller: AbortController | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const apply = (event: string, data: string, timing: Omit<ResetTiming, 'parseMs'>) => {
    if (event === 'keep-alive') return;
    if (event === 'cancel' || event === 'auth_revoked') throw new Error(`the stream ended: ${event} ${data}`);
    if (event !== 'put' && event !== 'patch') return;
    const parseStarted = performance.now();
    const { path, data: value } = JSON.parse(data) as { path: string; data: unknown };
    const base = path.split('/').filter(Boolean);
    if (event === 'put') {
      if (base.length === 0)
        options.handlers.reset(value && typeof value === 'object' ? (value as Record<string, unknown>) : null, {
          ...timing,
          parseMs: performance.now() - parseStarted,
        });
      else options.handlers.change(base, value);
      return;
    }
    // patch: every child of `path` named in `data` is set (a multi-path update).
    for (const [child, childValue] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      const at = [...base, ...child.split('/').filter(Boolean)];
      if (at.length === 0) continue;
      options.handlers.change(at, childValue);
    }
  };

  /**
   * Applies the whole events in `chunks` and gives back the bytes of the one under way. A
   * function of its own: a suspended async function keeps the values of its locals until it
   * resumes, and the list's text (40 MB per 100,000) must not wait for the stream's next byte.
   */
  const events = (chunks: Buffer[], bytes: number, firstByteMs: number, requested: number): Buffer[] => {
    const joined = (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString('utf8');
    const blocks = joined.split('\n\n');
    const rest = blocks.pop() ?? '';
    const timing = { bytes, firstByteMs, receivedMs: performance.now() - requested };
    for (const block of blocks) {
      let event = '';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      apply(event, data.length === 1 ? (data[0] ?? '') : data.join('\n'), timing);
    }
    return rest ? [Buffer.from(rest)] : [];
  };

  async function open(): Promise<void> {
    const requested = performance.now();
    controller = new AbortController();
    const headers = { Accept: 'text/event-stream', Authorization: `Bearer ${await options.token()}` };
    // Firebase may answer a stream request with a 307 to the server holding the database: fetch
    // would follow it without the Authorization header (another origin), so it is followed here.
    let response = await fetch(options.url, { headers, signal: controller.signal, redirect: 'manual' });
    for (let hops = 0; hops < 3 && [301, 302, 303, 307, 308].includes(response.status); hops += 1) {
      const location = response.headers.get('location');
      if (location === null) break;
      response = await fetch(new URL(location, response.url || options.url), { headers, signal: controller.signal, redirect: 'manual' });
    }
    if (!response.ok || !response.body) throw new Error(`${response.status} ${await response.text().catch(() => '')}`.trim());
    /*
     * The bytes of the event under way are kept as they came (off the JS heap) and decoded once
     * it is whole: the list at a start is one event of 40 MB per 100,000 subscriptions, and
     * decoded pieces, their join and a copy of the data line each held that much on the heap at
     * once, which grew it for good by as much.
     */
    let chunks: Buffer[] = [];
    let firstByteMs = -1;
    let bytes = 0;
    let lastByte = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (firstByteMs < 0) firstByteMs = performance.now() - requested;
      bytes += chunk.byteLength;
      const ends = chunk.includes('\n\n') || (lastByte === 10 && chunk[0] === 10);
      lastByte = chunk[chunk.byteLength - 1] ?? lastByte;
      chunks.push(chunk);
      if (!ends) continue;
      chunks = events(chunks, bytes, firstByteMs, requested);
      bytes = chunks[0]?.byteLength ?? 0;
    }
    throw new Error('the stream was closed');
  }

  const run = () => {
    if (stopped) return;
    open().catch((error: unknown) => {
      if (stopped) return;
      log(`notify: the subscription stream stopped (${(error as Error).message}); opening it again`);
      retryTimer = setTimeout(run, options.retryMs ?? 1_000);
      retryTimer.unref();
    });
  };
  run();

  return {
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      controller?.abort();
    },
  };
}
