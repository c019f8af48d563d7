/**
 * The WebSocket transport: text frames of JSON envelopes. A message longer than one frame is preceded by
 * a frame holding only the number of frames that follow, as the client does in both directions; the
 * client also sends "0" as a keepalive. The count and the frames come from the client, so what a message
 * may hold is bounded by the message budget and the socket is closed when a client exceeds it.
 *
 * What goes the other way is bounded too: the server reads a socket's requests only while its client
 * takes the answers. Past HIGH_WATER_BYTES of answers not yet taken, reading stops until they have
 * gone out, so a client that asks and never reads gets a few answers, not one per request; a client
 * whose unread messages still grow past MAX_UNREAD_BYTES (data pushes for its listens) is cut.
 *
 * A client that has gone is dropped at once: when its TCP connection closes (or the server cuts it),
 * the session ends there and then, and the requests it had sent that are not yet handled are thrown
 * away. `ws` itself keeps emitting the requests it had already read from such a socket, one per turn,
 * before its 'close' event: answering them (a read of a large node each) once kept the server busy
 * for seconds after a crowd of greedy sockets had gone, for answers nobody could receive.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Transport } from './connection.ts';
import type { MessageBudget, TakeResult } from './message-budget.ts';

/** UTF-16 units per frame, as the SDK splits its messages (WEBSOCKET_MAX_FRAME_SIZE). */
const MAX_FRAME = 16384;
/**
 * Largest frame the `ws` library accepts (its maxPayload): an SDK frame is at most 16,384 UTF-16 units,
 * at most 3 UTF-8 bytes each. Anything larger is closed by `ws` with 1009 before it is buffered.
 */
export const MAX_FRAME_BYTES = 64 * 1024;
/** A closed socket whose client does not answer the close is cut after this long. */
const CLOSE_GRACE_MS = 1000;
/** Both sides probe the connection; a client that misses a whole interval is gone. */
const LIVENESS_MS = 30_000;
/** Answers not yet taken by the client past which its requests are no longer read. */
export const HIGH_WATER_BYTES = 1024 * 1024;
/**
 * Messages not yet taken by the client past which it is cut (close code 1008). Checked before each
 * message, so one message larger than this (a read of a large node) still goes out whole.
 */
export const MAX_UNREAD_BYTES = 16 * 1024 * 1024;

export interface WsHandlers {
  onMessage(envelope: unknown): void;
  onClose(): void;
  onError(err: Error): void;
}

/**
 * `socket` is the connection under `ws`: its 'drain' says the answers have gone out. The handlers are
 * called one message per turn of the event loop (the server's `allowSynchronousEvents: false`), so
 * one socket's burst of requests cannot hold the loop from the others.
 */
export function wsTransport(ws: WebSocket, socket: Duplex, handlers: WsHandlers, budget: MessageBudget): Transport {
  let expected = 0;
  let frames: string[] = [];
  const assembly = budget.assembly();
  // Every frame but the last of a message is a full SDK frame of at least MAX_FRAME bytes.
  const maxFrames = Math.floor(budget.maxMessageBytes / MAX_FRAME) + 1;
  let refused = false;
  let alive = true;
  let closed = false;
  /** Reading stopped because the client has not taken its answers; and the amount then, for the probe. */
  let waitingForDrain = false;
  let unreadAtProbe = 0;
  /** Reading stopped because the session's answers wait for a write to be durable (Transport.hold). */
  let heldBySession = false;
  const reading = (): boolean => !waitingForDrain && !heldBySession;
  /**
   * Requests `ws` had already read when reading stopped (at most a chunk or two of the socket): kept,
   * unprocessed, until the answers have gone out.
   */
  const held: string[] = [];

  /** The client is cut: nothing more is read or answered, and its session ends on the next turn. */
  const cut = (code: number, reason: string): void => {
    refused = true;
    frames = [];
    held.length = 0;
    assembly.release();
    ws.close(code, reason);
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    // Not now: this may run inside the session (an answer being sent), which must not end under itself.
    setImmediate(finish);
  };
  const refuse = (result: Exclude<TakeResult, 'ok'>): void => {
    if (result === 'too_big') cut(1009, `Message larger than ${budget.maxMessageBytes} bytes`);
    else cut(1013, 'Server busy: too many large messages in progress');
  };

  const deliver = (text: string): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      handlers.onError(new Error(`unparsable message: ${(err as Error).message}`));
      return;
    }
    handlers.onMessage(parsed);
  };
  const accept = (text: string): void => {
    if (!reading() || held.length > 0) held.push(text);
    else deliver(text);
  };
  /** Once the answers can go out: the held requests, one per turn, then reading again. */
  const releaseHeld = (): void => {
    if (closed || refused || !reading()) return;
    if (ws.readyState !== ws.OPEN) return void (held.length = 0);
    const next = held.shift();
    if (next === undefined) return void ws.resume();
    deliver(next);
    setImmediate(releaseHeld);
  };

  ws.on('message', (data, isBinary) => {
    // Closing or closed: what `ws` still emits was sent by a client that can no longer be answered.
    if (isBinary || refused || closed || ws.readyState !== ws.OPEN) return;
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (expected > 0) {
      const taken = assembly.take(bytes.length);
      if (taken !== 'ok') return refuse(taken);
      frames.push(bytes.toString('utf8'));
      if (frames.length === expected) {
        const whole = frames.join('');
        expected = 0;
        frames = [];
        assembly.release();
        accept(whole);
      }
      return;
    }
    const text = bytes.toString('utf8');
    if (text.length <= 6 && /^\d+$/.test(text)) {
      const count = Number(text);
      if (count > maxFrames) return refuse('too_big');
      expected = count;
      return;
    }
    accept(text);
  });

  ws.on('pong', () => {
    alive = true;
  });
  const drained = (): void => {
    waitingForDrain = false;
    releaseHeld();
  };
  /** After each message: stop reading requests while the client has not taken a megabyte of answers. */
  const holdWhileUnread = (): void => {
    if (waitingForDrain || ws.bufferedAmount <= HIGH_WATER_BYTES) return;
    waitingForDrain = true;
    ws.pause();
    socket.once('drain', drained);
  };
  const probe = setInterval(() => {
    // While reading is stopped its pong cannot be read: a client still taking its answers is alive.
    if (waitingForDrain && ws.bufferedAmount < unreadAtProbe) alive = true;
    unreadAtProbe = ws.bufferedAmount;
    if (!alive) {
      ws.terminate();
      return;
    }
    alive = false;
    ws.ping();
  }, LIVENESS_MS);
  probe.unref();

  const finish = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(probe);
    socket.off('drain', drained);
    held.length = 0;
    frames = [];
    assembly.release();
    handlers.onClose();
  };
  // The TCP connection closing ends the session at once, not after `ws` has emitted what it had read.
  socket.once('close', finish);
  ws.on('close', finish);
  ws.on('error', (err) => {
    handlers.onError(err);
    // `ws` has already sent the close frame that explains a protocol error (1009 for a frame too large).
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    finish();
  });

  return {
    send(envelope) {
      if (closed || refused || ws.readyState !== ws.OPEN) return;
      // Nothing more is made for it: its answers are dropped with the socket.
      if (ws.bufferedAmount > MAX_UNREAD_BYTES) return cut(1008, 'Client does not read its messages');
      const text = JSON.stringify(envelope);
      if (text.length <= MAX_FRAME) {
        ws.send(text);
      } else {
        const chunks = splitText(text, MAX_FRAME);
        ws.send(String(chunks.length));
        for (const chunk of chunks) ws.send(chunk);
      }
      holdWhileUnread();
    },
    hold(on) {
      heldBySession = on;
      if (on) ws.pause();
      else releaseHeld();
    },
  };
}

/** Splits into pieces of at most `size` UTF-16 units without cutting a surrogate pair in two. */
function splitText(text: string, size: number): string[] {
  const chunks: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    chunks.push(text.slice(at, end));
    at = end;
  }
  return chunks;
}
