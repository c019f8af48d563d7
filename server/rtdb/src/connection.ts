/**
 * One client session: its requests (listen, get, put, merge, onDisconnect, auth), its listens, and an
 * outbox that releases each message only once the write it reflects is durable. Transport-agnostic:
 * WebSocket and long-polling both feed it envelopes and carry its output.
 */
import { OWNER_CREDENTIAL, verifyCredential, verifyIdToken, whenExpired, type TokenCheck } from './auth.ts';
import { ListenSet, MAX_LISTENS_PER_CONNECTION } from './listens.ts';
import { InvalidDataError, parsePath, parseWritePath, type DbPath } from './path.ts';
import {
  authRevoked,
  bodyPath,
  bodyTag,
  dataPush,
  handshake,
  parseIncoming,
  pong,
  response,
  type Envelope,
  type Request,
} from './protocol.ts';
import { neededIndex, parseWireQuery, type QuerySpec } from './query.ts';
import { ANONYMOUS, type Principal } from './rules.ts';
import { toJSON } from './tree.ts';
import type { Change, Namespace, Subscriber, WriteOutcome } from './namespace.ts';
import { ACTION, BODY, CONTROL, type DisconnectAction } from './wire-names.ts';

export interface Transport {
  send(envelope: Envelope): void;
  /**
   * `true`: stop reading the client's requests (its answers are waiting for a write to be durable);
   * `false`: read them again. A transport that cannot stop reading may ignore it.
   */
  hold?(held: boolean): void;
}

/**
 * Answers one connection may have waiting for a write to become durable before its requests are no
 * longer read: a client cannot make the server keep an answer for every request it sends meanwhile.
 */
export const MAX_WAITING_ANSWERS = 256;

export interface SessionContext {
  projectId: string;
  /** Host the client connected to, echoed in the handshake. */
  host: string;
  sessionId: string;
  log(line: string): void;
  /** Unexpected failures (bugs): always shown. */
  reportError(line: string): void;
}

interface DisconnectOp {
  action: DisconnectAction;
  path: DbPath;
  data: unknown;
  /** Who registered it: the operation runs with these rights, against the data as it is then. */
  principal: Principal;
}

export class Connection implements Subscriber {
  private principal: Principal = ANONYMOUS;
  private readonly listens = new ListenSet();
  private disconnectOps: DisconnectOp[] = [];
  private outbox: Array<{ seq: number; envelope: Envelope }> = [];
  /** The transport was asked to stop reading requests because the outbox is full. */
  private holding = false;
  private closed = false;
  private cancelExpiry: (() => void) | null = null;

  constructor(
    private readonly transport: Transport,
    private readonly ns: Namespace,
    private readonly ctx: SessionContext,
  ) {}

  start(): void {
    this.ns.subscribe(this);
    this.transport.send(handshake(this.ctx.host, this.ctx.sessionId));
  }

  receive(envelope: unknown): void {
    if (this.closed) return;
    const incoming = parseIncoming(envelope);
    if (incoming.kind === 'control') {
      // A ping while the client decides the transport is healthy; other control messages need no answer.
      if (incoming.type === CONTROL.PING) this.enqueue(pong(), 0);
      return;
    }
    if (incoming.kind !== 'request') return;
    const req = incoming.request;
    try {
      this.dispatch(req);
    } catch (err) {
      if (err instanceof InvalidDataError) return this.reply(req, 'invalid_data', err.message, this.ns.appliedSeq);
      // A bug must not take the server down for every other client: report it and answer this request.
      this.ctx.reportError(`request ${req.action} on ${this.ns.name} failed: ${(err as Error).stack ?? String(err)}`);
      this.reply(req, 'internal_error', 'Internal server error', this.ns.appliedSeq);
    }
  }

  private dispatch(req: Request): void {
    switch (req.action) {
      case ACTION.LISTEN:
        return this.listen(req);
      case ACTION.UNLISTEN:
        this.listens.remove(parsePath(bodyPath(req.body)), bodyTag(req.body));
        return this.reply(req, 'ok', {}, this.ns.appliedSeq);
      case ACTION.GET:
        return this.get(req);
      case ACTION.PUT:
        return this.write(req, false);
      case ACTION.MERGE:
        return this.write(req, true);
      case ACTION.ON_DISCONNECT_PUT:
      case ACTION.ON_DISCONNECT_MERGE:
        return this.onDisconnect(req, req.action);
      case ACTION.ON_DISCONNECT_CANCEL:
        return this.cancelOnDisconnect(req);
      case ACTION.AUTH:
      case ACTION.ADMIN_AUTH:
        return this.authenticate(req);
      case ACTION.UNAUTH:
        this.setPrincipal(ANONYMOUS, null);
        return this.reply(req, 'ok', '', this.ns.appliedSeq);
      default:
        // Stats ('s'), app check tokens and anything newer than this server: accepted and ignored.
        return this.reply(req, 'ok', '', this.ns.appliedSeq);
    }
  }

  private listen(req: Request): void {
    const path = parsePath(bodyPath(req.body));
    const tag = bodyTag(req.body);
    if (!this.listens.canAdd(path, tag)) {
      return this.reply(req, 'too_many_listens', `A connection may hold at most ${MAX_LISTENS_PER_CONNECTION} listens`, this.ns.appliedSeq);
    }
    // Only queries that filter carry a tag: the client sends the others as plain listens.
    const query: QuerySpec | null = tag === null ? null : parseWireQuery(req.body[BODY.QUERY]);
    const read = this.ns.read(this.principal, path, query);
    if (read.status !== 'ok') return this.reply(req, 'permission_denied', 'Permission denied', read.seq);
    this.enqueue(dataPush(this.listens.add(path, tag, query, this.ns.data)), read.seq);
    // As Firebase does: a listen ordered by a child without `.indexOn` is answered, with a warning the SDK logs.
    const index = query === null ? null : neededIndex(query);
    this.reply(req, 'ok', index !== null && !this.ns.hasIndex(path, index) ? { w: ['no_index'] } : {}, read.seq);
  }

  private get(req: Request): void {
    const path = parsePath(bodyPath(req.body));
    const query = parseWireQuery(req.body[BODY.QUERY]);
    const read = this.ns.read(this.principal, path, query);
    if (read.status !== 'ok') return this.reply(req, 'permission_denied', 'Permission denied', read.seq);
    this.reply(req, 'ok', toJSON(read.node, true), read.seq);
  }

  private write(req: Request, merge: boolean): void {
    const data = req.body[BODY.DATA];
    let outcome: WriteOutcome;
    if (merge) {
      outcome = this.ns.update(this.principal, parsePath(bodyPath(req.body)), data);
    } else {
      const { path, priority } = parseWritePath(bodyPath(req.body));
      const hash = req.body[BODY.HASH];
      outcome = this.ns.set(this.principal, path, data, { hash: typeof hash === 'string' ? hash : undefined, priorityOnly: priority });
    }
    this.reply(req, outcome.status, outcome.message, outcome.seq);
  }

  private onDisconnect(req: Request, action: DisconnectAction): void {
    const path = parsePath(bodyPath(req.body));
    const data = req.body[BODY.DATA];
    const status = this.ns.checkWrite(this.principal, path, data, action === ACTION.ON_DISCONNECT_MERGE);
    if (status === 'ok') this.disconnectOps.push({ action, path, data, principal: this.principal });
    this.reply(req, status, status === 'ok' ? '' : 'Permission denied', this.ns.appliedSeq);
  }

  private cancelOnDisconnect(req: Request): void {
    const path = parsePath(bodyPath(req.body));
    const key = path.join('/');
    this.disconnectOps = this.disconnectOps.filter((op) => {
      const opKey = op.path.join('/');
      return !(key === '' || opKey === key || opKey.startsWith(key + '/'));
    });
    this.reply(req, 'ok', '', this.ns.appliedSeq);
  }

  private authenticate(req: Request): void {
    const cred = req.body[BODY.CREDENTIAL];
    if (typeof cred !== 'string') return this.reply(req, 'invalid_token', 'No credential.', this.ns.appliedSeq);
    const now = Date.now();
    const check: TokenCheck =
      req.action === ACTION.ADMIN_AUTH || cred === OWNER_CREDENTIAL
        ? verifyCredential(cred, this.ctx.projectId, now)
        : verifyIdToken(cred, this.ctx.projectId, now);
    if (!check.ok) {
      this.ctx.log(`rejected credential on ${this.ns.name}: ${check.reason}`);
      return this.reply(req, 'invalid_token', check.reason, this.ns.appliedSeq);
    }
    this.setPrincipal(check.principal, check.expires);
    const authVar = check.principal.kind === 'user' ? check.principal.auth : check.principal.kind === 'admin' ? { admin: true } : null;
    this.reply(req, 'ok', { auth: authVar, expires: check.expires }, this.ns.appliedSeq);
  }

  private setPrincipal(principal: Principal, expiresSec: number | null): void {
    this.principal = principal;
    this.cancelExpiry?.();
    this.cancelExpiry = null;
    if (expiresSec === null) return;
    this.cancelExpiry = whenExpired(expiresSec, () => {
      this.principal = ANONYMOUS;
      this.cancelExpiry = null;
      this.enqueue(authRevoked('expired_token', 'Auth token is expired.'), this.ns.appliedSeq);
    });
  }

  private reply(req: Request, status: string, data: unknown, seq: number): void {
    if (req.number === undefined) return;
    this.enqueue(response(req.number, status, data), seq);
  }

  /** Sends once every write up to `seq` is durable, keeping the order messages were produced in. */
  private enqueue(envelope: Envelope, seq: number): void {
    if (this.closed) return;
    if (this.outbox.length === 0 && seq <= this.ns.durable) return this.transport.send(envelope);
    this.outbox.push({ seq, envelope });
    if (!this.holding && this.outbox.length >= MAX_WAITING_ANSWERS) {
      this.holding = true;
      this.transport.hold?.(true);
    }
  }

  onChange(change: Change): void {
    if (this.closed) return;
    for (const push of this.listens.pushesFor(change)) this.enqueue(dataPush(push), change.seq);
  }

  onDurable(seq: number): void {
    let sent = 0;
    while (sent < this.outbox.length && (this.outbox[sent] as { seq: number }).seq <= seq) {
      this.transport.send((this.outbox[sent] as { envelope: Envelope }).envelope);
      sent++;
    }
    if (sent > 0) this.outbox = this.outbox.slice(sent);
    if (this.holding && !this.closed && this.outbox.length < MAX_WAITING_ANSWERS) {
      this.holding = false;
      this.transport.hold?.(false);
    }
  }

  /**
   * The client is gone: run its onDisconnect operations. The data may have changed since they were
   * registered, so the rules are checked again now and a denied operation is skipped.
   */
  disconnected(): void {
    if (this.closed) return;
    this.shutdown();
    for (const op of this.disconnectOps) {
      const outcome =
        op.action === ACTION.ON_DISCONNECT_PUT
          ? this.ns.set(op.principal, op.path, op.data)
          : this.ns.update(op.principal, op.path, op.data);
      if (outcome.status !== 'ok') this.ctx.log(`onDisconnect ${op.action} at /${op.path.join('/')} failed: ${outcome.message}`);
    }
    this.disconnectOps = [];
  }

  /** Server shutdown: drop the session without running onDisconnect operations. */
  shutdown(): void {
    if (this.closed) return;
    this.closed = true;
    this.ns.unsubscribe(this);
    this.cancelExpiry?.();
    this.outbox = [];
  }
}
