/**
 * REST streaming: `GET /<path>.json` with `Accept: text/event-stream` is answered with Server-Sent
 * Events as Firebase answers it (`put`, `patch`, `keep-alive`, `cancel`, `auth_revoked`), so a page can
 * follow data with EventSource alone.
 *
 * A stream holds its TCP connection for its whole life, so the server's connection cap bounds streams
 * as it bounds WebSockets. Like every subscriber it sends an event only once the write behind it is
 * durable. It asks the read rule again after every write (rules may read any data), ends when its
 * token expires, and is dropped when its client stops reading, rather than have its events pile up.
 */
import type { ServerResponse } from 'node:http';
import { whenExpired } from './auth.ts';
import type { DbPath } from './path.ts';
import { evaluateQuery, loadsAllData, type QuerySpec } from './query.ts';
import { locationEvent, windowEvent, type Render, type StreamEvent } from './rest-stream-events.ts';
import type { Principal } from './rules.ts';
import { getChild, type DbNode } from './tree.ts';
import type { Change, Namespace, Subscriber } from './namespace.ts';
import type { ClientBudgets } from './message-budget.ts';
import { renderedBytes } from './render-cache.ts';

export interface StreamOptions {
  /** Interval of `keep-alive` events. */
  keepAliveMs: number;
  /** Bytes a stream may have waiting for its client beyond its largest event; beyond that it is closed. */
  maxBufferedBytes: number;
  /**
   * What one client's answers and streams may hold together while it does not read: a stream whose
   * first event would pass it is answered 503 instead, one whose later event would is closed.
   */
  clients: ClientBudgets;
}

export interface StreamRequest {
  ns: Namespace;
  principal: Principal;
  /** When the request's ID token expires (`exp`, seconds); null for none or for the owner credential. */
  expires: number | null;
  path: DbPath;
  /** The request's query, as the rules see it; null without one. */
  query: QuerySpec | null;
  render: Render;
  /** Names `render`'s form (`rest`, `export`): with the node, what its text depends on (render-cache.ts). */
  renderKey?: string;
  /** `print=pretty`: the JSON of each event spread over several `data:` lines. */
  pretty: boolean;
}

/** The answer to a stream asked for by a client that holds its budget in data it has not read. */
const UNREAD_STREAMS = 'Too much unread data for this client: read the earlier answers and streams first';

/** `cancel` data when the rules no longer allow the read, in Firebase's words. */
const PERMISSION_DENIED = 'Permission denied';
/** `auth_revoked` data: the token the stream was opened with has expired. */
const CREDENTIAL_EXPIRED = 'credential is no longer valid';

/** One event in the text/event-stream format. */
function sseEvent(name: string, data: unknown, pretty: boolean): string {
  // A client joins the `data:` lines of one event with newlines, which gives back the JSON as written.
  const lines = JSON.stringify(data, null, pretty ? 2 : undefined).split('\n');
  return `event: ${name}\n${lines.map((line) => `data: ${line}\n`).join('')}\n`;
}

/** The open streams of a server. */
export class RestStreams {
  private readonly open = new Set<RestStream>();

  constructor(private readonly options: StreamOptions) {}

  get size(): number {
    return this.open.size;
  }

  /** Streams what `request` may read: `initial`, read as of `seq`, then every change. */
  start(res: ServerResponse, request: StreamRequest, initial: DbNode, seq: number): void {
    // A client that left while its namespace loaded would never announce that again.
    if (res.socket === null || res.socket.destroyed) return;
    const stream = new RestStream(res, request, this.options, () => this.open.delete(stream));
    this.open.add(stream);
    stream.begin(initial, seq);
  }

  /** Server shutdown or storage failure: end every stream. */
  closeAll(): void {
    for (const stream of [...this.open]) stream.end();
  }
}

/**
 * - `streaming`: subscribed, sending events.
 * - `ending`: a last event (`cancel`, `auth_revoked`) waits for the events before it; nothing new is taken.
 * - `closed`: subscription, timers and queued events released; final.
 */
type State = 'streaming' | 'ending' | 'closed';

class RestStream implements Subscriber {
  private state: State = 'streaming';
  /** Events waiting for the write they reflect to be durable, in order. */
  private outbox: Array<{ seq: number; text: string | Buffer }> = [];
  private outboxBytes = 0;
  private largestEvent = 0;
  /** The query that filters what is streamed; null when all the location's data is. */
  private readonly window: QuerySpec | null;
  /** For a filtering query: the result last sent, to diff the next one against. */
  private last: DbNode = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private cancelExpiry: (() => void) | null = null;

  constructor(
    private readonly res: ServerResponse,
    private readonly request: StreamRequest,
    private readonly options: StreamOptions,
    private readonly onClose: () => void,
  ) {
    this.window = request.query !== null && !loadsAllData(request.query) ? request.query : null;
  }

  begin(initial: DbNode, seq: number): void {
    const { ns, expires, render } = this.request;
    // Many streams of the same node (every visitor of a page) share the text of their first event.
    const render1 = () => this.text({ event: 'put', path: '/', data: render(initial) });
    const first =
      this.window === null && this.request.renderKey !== undefined
        ? renderedBytes(initial, `stream ${this.request.renderKey} ${this.request.pretty}`, render1)
        : render1();
    if (!this.options.clients.fits(this.res, Buffer.byteLength(first))) {
      this.state = 'closed';
      this.onClose();
      const body = JSON.stringify({ error: UNREAD_STREAMS });
      this.res.writeHead(503, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        'Retry-After': '5',
        Connection: 'close',
      });
      this.res.end(body);
      return;
    }
    this.options.clients.hold(this.res, () => this.res.writableLength + this.outboxBytes);
    this.res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    // EventSource reports the stream open on the headers; the first event may wait for the disk.
    this.res.flushHeaders();
    this.res.on('close', () => this.close());
    ns.subscribe(this);
    this.last = initial;
    this.enqueue(first, seq);
    this.keepAlive = setInterval(() => this.enqueue(sseEvent('keep-alive', null, false), 0), this.options.keepAliveMs);
    this.keepAlive.unref();
    if (expires !== null) this.cancelExpiry = whenExpired(expires, () => this.finish('auth_revoked', CREDENTIAL_EXPIRED));
  }

  onChange(change: Change): void {
    if (this.state !== 'streaming') return;
    const { ns, principal, path, query, render } = this.request;
    // Checked before the change is looked at: a write that takes the permission away shows nothing of itself.
    if (!ns.mayRead(principal, path, query)) return this.finish('cancel', PERMISSION_DENIED);
    const event = this.window === null ? locationEvent(path, change, render) : this.windowChange(change, this.window);
    if (event !== null) this.enqueue(this.text(event), change.seq);
  }

  onDurable(seq: number): void {
    for (let next = this.outbox[0]; next !== undefined && next.seq <= seq; next = this.outbox[0]) {
      this.outbox.shift();
      this.outboxBytes -= Buffer.byteLength(next.text);
      this.res.write(next.text);
    }
  }

  /** Server shutdown or storage failure: the response ends here. */
  end(): void {
    this.close();
    this.res.end();
  }

  private windowChange(change: Change, window: QuerySpec): StreamEvent | null {
    const { path, render } = this.request;
    const after = getChild(change.newRoot, path);
    if (getChild(change.oldRoot, path) === after) return null;
    const next = evaluateQuery(after, window);
    const event = windowEvent(this.last, next, render);
    this.last = next;
    return event;
  }

  private text(event: StreamEvent): string {
    return sseEvent(event.event, { path: event.path, data: event.data }, this.request.pretty);
  }

  private enqueue(text: string | Buffer, seq: number): void {
    if (this.state !== 'streaming') return;
    // An event may be as large as the data (a REST read costs as much), and a reading client may still be
    // taking in the largest one; beyond that, a client that leaves events unread would make the server hold
    // every later one: it loses the stream.
    // Nor may one client's streams and answers together make it hold more than its budget.
    const bytes = Buffer.byteLength(text);
    if (
      this.res.writableLength + this.outboxBytes > this.options.maxBufferedBytes + this.largestEvent ||
      !this.options.clients.fits(this.res, bytes)
    ) {
      this.close();
      this.res.destroy();
      return;
    }
    this.largestEvent = Math.max(this.largestEvent, bytes);
    if (this.outbox.length > 0 || seq > this.request.ns.durable) {
      this.outbox.push({ seq, text });
      this.outboxBytes += bytes;
      return;
    }
    this.res.write(text);
  }

  /** Ends the stream with `name`, once the events before it have gone out; takes no more changes meanwhile. */
  private finish(name: string, data: string): void {
    if (this.state !== 'streaming') return;
    this.state = 'ending';
    this.stopListening();
    const { ns, pretty } = this.request;
    void ns.whenDurable(ns.appliedSeq).then(() => {
      if (this.state !== 'ending') return;
      for (const { text } of this.outbox) this.res.write(text);
      this.res.end(sseEvent(name, data, pretty));
      this.close();
    });
  }

  private stopListening(): void {
    this.request.ns.unsubscribe(this);
    if (this.keepAlive !== null) clearInterval(this.keepAlive);
    this.cancelExpiry?.();
  }

  /** Releases all the stream holds; called when the client has gone or the stream has ended. */
  private close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.stopListening();
    this.outbox = [];
    this.outboxBytes = 0;
    this.onClose();
  }
}
