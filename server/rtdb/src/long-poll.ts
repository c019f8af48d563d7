/**
 * Long-polling (`/.lp`), the transport a browser client uses first after a WebSocket of its ever failed
 * (it remembers that in localStorage, e.g. after the server was restarted while the page was open).
 * Without it such a browser would never reconnect.
 *
 * The client loads script tags in a hidden iframe: the first (`start=t`) opens a session, then it keeps
 * one poll open to receive and opens more to send base64 segments of its messages. Responses are
 * JavaScript calling the page's `pLPCommand<cb>` / `pRTLPCB<cb>` callbacks with numbered packets.
 * Once connected the client upgrades to a WebSocket carrying `s=<session id>`: after two ping/pongs it
 * ends transmission on the poll side ('n'), the server answers 'n' there and continues on the socket.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Connection, type Transport } from './connection.ts';
import type { Assembly, MessageBudget } from './message-budget.ts';
import { control, parseIncoming, pong, type Envelope } from './protocol.ts';
import type { Namespaces } from './namespaces.ts';
import { ANONYMOUS } from './rules.ts';
import { MAX_UNREAD_BYTES } from './ws-transport.ts';
import { CONTROL, LONG_POLL_CALLBACK, LONG_POLL_COMMAND, LONG_POLL_PARAM, LONG_POLL_TRUE, URL_PARAM } from './wire-names.ts';

/** Polls are answered empty before the client's own 25 s keepalive replaces them. */
const HOLD_MS = 20_000;
/** A session with no poll for this long has lost its client. */
const IDLE_MS = 45_000;
/**
 * Messages waiting for the client's next poll past which the session is dropped: a client that keeps
 * asking and never polls for the answers cannot make the server hold them all.
 */
const MAX_QUEUED_BYTES = MAX_UNREAD_BYTES;

export interface LongPollContext {
  namespaces: Namespaces;
  projectId: string;
  defaultNamespace: string;
  log(line: string): void;
  reportError(line: string): void;
  newSessionId(): string;
  /** Registers a live Connection with the server (for shutdown) and removes it when it ends. */
  track(conn: Connection): () => void;
  /** Memory for segments of messages not yet complete. */
  budget: MessageBudget;
  /** Sessions held at once: each keeps a Connection (listens, outbox) even while no poll is open. */
  maxSessions: number;
}

interface Segment {
  /** Number of this segment, counted across all messages of the session. */
  seg: number;
  /** Number of segments of the message this one belongs to. */
  total: number;
  data: string;
}

/** Bytes a base64 segment of this length decodes to: the budget counts message bytes. */
function decodedBytes(data: string): number {
  return Math.ceil((data.length * 3) / 4);
}

const DIGITS = /^\d{1,15}$/;

/**
 * The segments a poll carries (`seg<i>`, `ts<i>`, `d<i>`), or null when any is malformed. Each needs a
 * segment count of at least one: reassembly advances by that count.
 */
function parseSegments(params: URLSearchParams, maxPerMessage: number): Segment[] | null {
  const segments: Segment[] = [];
  for (let i = 0; params.has(`${LONG_POLL_PARAM.SEGMENT}${i}`); i++) {
    const seg = params.get(`${LONG_POLL_PARAM.SEGMENT}${i}`) ?? '';
    const total = params.get(`${LONG_POLL_PARAM.SEGMENTS_IN_MESSAGE}${i}`) ?? '';
    const data = params.get(`${LONG_POLL_PARAM.SEGMENT_DATA}${i}`);
    if (!DIGITS.test(seg) || !DIGITS.test(total) || data === null) return null;
    const count = Number(total);
    if (count < 1 || count > maxPerMessage) return null;
    segments.push({ seg: Number(seg), total: count, data });
  }
  return segments;
}

function token(): string {
  return randomBytes(9).toString('base64url');
}

function script(res: ServerResponse, body: string, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(body);
}

/** Web-safe base64 as the client's base64Encode writes it ('.' pads). */
function decodeSegment(data: string): string {
  return Buffer.from(data.replace(/\./g, ''), 'base64url').toString('utf8');
}

/**
 * Where a session is, and what each state holds:
 * - `open`: on long-polling, no poll held (the client is between polls, or sending).
 * - `holding`: on long-polling, one poll held open to carry the next packet.
 * - `upgraded`: moved to a WebSocket; `finalPacket` is the packet carrying the final 'n' when no poll
 *   was held to take it, kept for the client's next poll.
 * - `closed`: ended (client gone, protocol broken or server shutdown); final.
 * open <-> holding (a poll is held; it is answered: new packet, newer poll, timeout, client gone);
 * open/holding -> upgraded (the client ended transmission); any -> closed. All go through `moveTo`.
 */
type SessionState =
  | { name: 'open' }
  | { name: 'holding'; res: ServerResponse; timer: NodeJS.Timeout }
  | { name: 'upgraded'; socket: Transport; finalPacket: string | null }
  | { name: 'closed' };

const OPEN: SessionState = { name: 'open' };
const CLOSED: SessionState = { name: 'closed' };

class LongPollSession implements Transport {
  readonly id = token();
  readonly pw = token();
  connection!: Connection;
  private state: SessionState = OPEN;
  /** Messages for the next packet, as JSON, and their length. */
  private queue: string[] = [];
  private queuedBytes = 0;
  private nextPacket = 0;
  private flushScheduled = false;
  private segments = new Map<number, Segment>();
  private nextSegment = 0;
  /** Every segment from `nextSegment` up to (not including) this one has arrived. */
  private contiguousEnd = 0;
  private readonly assembly: Assembly;
  /** A WebSocket that announced itself for this session and is proving itself healthy. */
  private pendingUpgrade: Transport | null = null;
  /** Number of the packet carrying the final 'n', once the session moved to WebSocket. */
  private lastPacket: number | null = null;
  lastSeen = Date.now();
  private untrack: () => void = () => {};

  constructor(
    readonly cb: string,
    readonly sessionId: string,
    private readonly budget: MessageBudget,
    private readonly onEnd: (s: LongPollSession) => void,
  ) {
    this.assembly = budget.assembly();
  }

  attach(conn: Connection, untrack: () => void): void {
    this.connection = conn;
    this.untrack = untrack;
  }

  /**
   * The one place the state changes. Leaving `holding` releases the held poll: it is answered with
   * what `answer` gives, or not at all when `answer` is null (its client has gone). `answer` runs only
   * when a poll is held, since taking a packet consumes the queue.
   */
  private moveTo(next: SessionState, answer: (() => string) | null): void {
    const current = this.state;
    if (current.name === 'closed') return;
    this.state = next;
    if (current.name !== 'holding') return;
    clearTimeout(current.timer);
    if (answer !== null) script(current.res, answer());
  }

  private holds(res: ServerResponse): boolean {
    return this.state.name === 'holding' && this.state.res === res;
  }

  private call(fn: string, args: string): string {
    return `window.parent.${fn}${this.cb}(${args});`;
  }

  send(envelope: Envelope): void {
    if (this.state.name === 'upgraded') return this.state.socket.send(envelope);
    if (this.state.name === 'closed') return;
    if (this.queuedBytes > MAX_QUEUED_BYTES) return this.finish();
    this.enqueue(envelope);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // Messages produced in one turn of the event loop travel in one packet.
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  private enqueue(envelope: Envelope): void {
    const json = JSON.stringify(envelope);
    this.queue.push(json);
    this.queuedBytes += json.length;
  }

  /** JavaScript delivering the queued messages as the next packet ('' when there are none). */
  private takePacket(): string {
    if (this.queue.length === 0) return '';
    const packet = this.call(LONG_POLL_CALLBACK.DATA, `${this.nextPacket++},[${this.queue.join(',')}]`);
    this.queue = [];
    this.queuedBytes = 0;
    return packet;
  }

  private flush(): void {
    if (this.state.name !== 'holding' || this.queue.length === 0) return;
    this.moveTo(OPEN, () => this.takePacket());
  }

  startResponse(res: ServerResponse): void {
    script(res, this.call(LONG_POLL_CALLBACK.COMMAND, `'${LONG_POLL_COMMAND.START}','${this.id}','${this.pw}'`) + this.takePacket());
  }

  poll(params: URLSearchParams, res: ServerResponse): void {
    this.lastSeen = Date.now();
    if (this.state.name === 'upgraded' || this.state.name === 'closed') {
      script(res, this.finalPacket());
      return;
    }
    const refusal = this.store(params);
    if (refusal !== null) {
      // A client that breaks the protocol or outgrows the limits is dropped, as if it had gone away.
      script(res, '', refusal);
      this.finish();
      return;
    }
    if (this.receiveSegments() === 'ended') {
      // This poll carried the client's 'n': it takes the final packet unless a held poll already did.
      script(res, this.finalPacket());
      return;
    }
    // Keep one poll open; an older one goes back (with whatever is queued) so the client can send again.
    const timer = setTimeout(() => {
      if (this.holds(res)) this.moveTo(OPEN, () => this.takePacket());
    }, HOLD_MS);
    timer.unref();
    this.moveTo({ name: 'holding', res, timer }, () => this.takePacket());
    res.on('close', () => {
      if (this.holds(res)) this.moveTo(OPEN, null);
    });
    this.flush();
  }

  /**
   * What a poll gets once the session has left long-polling: the packet carrying the final 'n' if no
   * poll took it yet, else the close command.
   */
  private finalPacket(): string {
    if (this.state.name !== 'upgraded' || this.state.finalPacket === null) return this.closeCommand();
    const packet = this.state.finalPacket;
    this.state.finalPacket = null;
    return packet;
  }

  /** Keeps the poll's segments; the HTTP status refusing the poll when they are malformed or too many. */
  private store(params: URLSearchParams): number | null {
    const maxPerMessage = Math.ceil(this.budget.maxMessageBytes / 3) * 4;
    const incoming = parseSegments(params, maxPerMessage);
    if (incoming === null) return 400;
    for (const segment of incoming) {
      // Already reassembled, or sent twice: the first copy stands.
      if (segment.seg < this.nextSegment || this.segments.has(segment.seg)) continue;
      const taken = this.assembly.take(decodedBytes(segment.data));
      if (taken === 'too_big') return 413;
      if (taken === 'busy') return 503;
      this.segments.set(segment.seg, segment);
    }
    while (this.segments.has(this.contiguousEnd)) this.contiguousEnd++;
    return null;
  }

  /**
   * Reassembles messages: segments are numbered across messages; each carries its message's segment
   * count. 'ended' when one of them was the client's 'n' and the session moved to its WebSocket, or
   * when the session was dropped.
   */
  private receiveSegments(): 'polling' | 'ended' {
    for (;;) {
      const first = this.segments.get(this.nextSegment);
      // Checked against the contiguous run, so a poll never rescans a message that is still incomplete.
      if (!first || this.contiguousEnd - this.nextSegment < first.total) break;
      const parts: string[] = [];
      for (let i = 0; i < first.total; i++) {
        const part = this.segments.get(this.nextSegment + i) as Segment;
        parts.push(part.data);
        this.segments.delete(part.seg);
        this.assembly.give(decodedBytes(part.data));
      }
      this.nextSegment += first.total;
      let envelope: unknown;
      try {
        envelope = JSON.parse(decodeSegment(parts.join('')));
      } catch {
        continue;
      }
      const incoming = parseIncoming(envelope);
      if (incoming.kind === 'control' && incoming.type === CONTROL.END_TRANSMISSION) this.completeUpgrade();
      else this.connection.receive(envelope);
    }
    // Dropped meanwhile (its answers outgrew the bound): the poll gets the close command.
    return this.state.name === 'upgraded' || this.state.name === 'closed' ? 'ended' : 'polling';
  }

  /** A WebSocket announced itself for this session: acknowledge, answer its pings, route its requests. */
  adopt(socket: Transport): { onEnvelope(e: unknown): void; onClose(): void } {
    this.pendingUpgrade = socket;
    socket.send(control(CONTROL.SWITCH_ACK));
    return {
      onEnvelope: (e) => {
        const incoming = parseIncoming(e);
        if (incoming.kind === 'control') {
          if (incoming.type === CONTROL.PING) socket.send(pong());
          return;
        }
        this.connection.receive(e);
      },
      onClose: () => {
        if (this.state.name === 'upgraded' && this.state.socket === socket) this.finish();
        else if (this.pendingUpgrade === socket) this.pendingUpgrade = null;
      },
    };
  }

  /**
   * After an upgrade the client must still process every packet up to the one carrying 'n' (scripts of
   * parallel polls may run in any order), so `close` names that packet: the client closes only after it.
   */
  private closeCommand(): string {
    const close = `'${LONG_POLL_COMMAND.CLOSE}'`;
    return this.call(LONG_POLL_CALLBACK.COMMAND, this.lastPacket === null ? close : `${close},${this.lastPacket}`);
  }

  /** The client stopped sending on the poll side: answer 'n' there, then everything goes to the socket. */
  private completeUpgrade(): void {
    if (!this.pendingUpgrade) return;
    this.enqueue(control(CONTROL.END_TRANSMISSION));
    this.lastPacket = this.nextPacket;
    const packet = this.takePacket() + this.closeCommand();
    const socket = this.pendingUpgrade;
    this.pendingUpgrade = null;
    // A held poll takes the packet now; otherwise the client's next poll does.
    const held = this.state.name === 'holding';
    this.moveTo({ name: 'upgraded', socket, finalPacket: held ? null : packet }, () => packet);
  }

  /** The client is gone (its disconnect frame closed, or it stopped polling). */
  disconnected(): void {
    if (this.state.name === 'upgraded') return;
    this.finish();
  }

  private finish(): void {
    if (this.state.name === 'closed') return;
    this.moveTo(CLOSED, () => this.closeCommand());
    this.releaseBuffers();
    this.untrack();
    this.connection.disconnected();
    this.onEnd(this);
  }

  /** Server shutdown: tell the client to stop, without running onDisconnect operations. */
  end(notify: boolean): void {
    this.moveTo(CLOSED, () => (notify ? this.call(LONG_POLL_CALLBACK.COMMAND, `'${LONG_POLL_COMMAND.CLOSE}'`) : ''));
    this.releaseBuffers();
    this.connection.shutdown();
    this.untrack();
    this.onEnd(this);
  }

  private releaseBuffers(): void {
    this.segments.clear();
    this.assembly.release();
    this.queue = [];
    this.queuedBytes = 0;
  }

  get idle(): boolean {
    return this.state.name === 'open' && Date.now() - this.lastSeen > IDLE_MS;
  }
}

export class LongPollSessions {
  private readonly byId = new Map<string, LongPollSession>();
  private readonly bySessionId = new Map<string, LongPollSession>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly ctx: LongPollContext) {
    this.sweeper = setInterval(() => {
      for (const s of this.byId.values()) if (s.idle) s.disconnected();
    }, 10_000);
    this.sweeper.unref();
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params = url.searchParams;
    if (params.get(LONG_POLL_PARAM.START) === LONG_POLL_TRUE) return this.start(req, res, params);
    const session = this.byId.get(params.get(LONG_POLL_PARAM.ID) ?? '');
    // An unknown session (e.g. from before a restart) fails the script load, which makes the client reconnect.
    if (!session || session.pw !== params.get(LONG_POLL_PARAM.PASSWORD)) return script(res, '', 404);
    if (params.get(LONG_POLL_PARAM.DISCONNECT_FRAME) === LONG_POLL_TRUE) {
      // The disconnect frame stays open for the life of the page; its end means the page is gone.
      req.on('close', () => session.disconnected());
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return;
    }
    session.poll(params, res);
  }

  private async start(req: IncomingMessage, res: ServerResponse, params: URLSearchParams): Promise<void> {
    const cb = params.get(LONG_POLL_PARAM.CALLBACK_ID) ?? '';
    // The callback id becomes part of a script: only the client's numeric ids are accepted.
    if (!/^\d{1,12}$/.test(cb)) return script(res, '', 400);
    // A failed script load makes the client retry later, with backoff.
    if (this.byId.size >= this.ctx.maxSessions) return script(res, '', 503);
    // A page's long-polling carries no credential before its auth request: only existing namespaces.
    const ns = await this.ctx.namespaces.get(params.get(URL_PARAM.NAMESPACE) ?? this.ctx.defaultNamespace, ANONYMOUS);
    const session = new LongPollSession(cb, this.ctx.newSessionId(), this.ctx.budget, (s) => {
      this.byId.delete(s.id);
      this.bySessionId.delete(s.sessionId);
    });
    const conn = new Connection(session, ns, {
      projectId: this.ctx.projectId,
      host: req.headers.host ?? 'localhost',
      sessionId: session.sessionId,
      log: this.ctx.log,
      reportError: this.ctx.reportError,
    });
    session.attach(conn, this.ctx.track(conn));
    this.byId.set(session.id, session);
    this.bySessionId.set(session.sessionId, session);
    conn.start();
    session.startResponse(res);
  }

  /** Routes a WebSocket that names an existing session to it; null when there is no such session. */
  adopt(sessionId: string, socket: Transport): { onEnvelope(e: unknown): void; onClose(): void } | null {
    const session = this.bySessionId.get(sessionId);
    return session ? session.adopt(socket) : null;
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const s of [...this.byId.values()]) s.end(true);
  }
}
