/**
 * The WebSocket transport: text frames of JSON envelopes. A message longer than one frame is preceded by
 * a frame holding only the number of frames that follow, as the client does in both directions; the
 * client also sends "0" as a keepalive. The count and the frames come from the client, so what a message
 * may hold is bounded by the message budget and the socket is closed when a client exceeds it.
 */
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

export interface WsHandlers {
  onMessage(envelope: unknown): void;
  onClose(): void;
  onError(err: Error): void;
}

export function wsTransport(ws: WebSocket, handlers: WsHandlers, budget: MessageBudget): Transport {
  let expected = 0;
  let frames: string[] = [];
  const assembly = budget.assembly();
  // Every frame but the last of a message is a full SDK frame of at least MAX_FRAME bytes.
  const maxFrames = Math.floor(budget.maxMessageBytes / MAX_FRAME) + 1;
  let refused = false;
  let alive = true;
  let closed = false;

  const refuse = (result: Exclude<TakeResult, 'ok'>): void => {
    refused = true;
    frames = [];
    assembly.release();
    if (result === 'too_big') ws.close(1009, `Message larger than ${budget.maxMessageBytes} bytes`);
    else ws.close(1013, 'Server busy: too many large messages in progress');
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
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

  ws.on('message', (data, isBinary) => {
    if (isBinary || refused) return;
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
        deliver(whole);
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
    deliver(text);
  });

  ws.on('pong', () => {
    alive = true;
  });
  const probe = setInterval(() => {
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
    frames = [];
    assembly.release();
    handlers.onClose();
  };
  ws.on('close', finish);
  ws.on('error', (err) => {
    handlers.onError(err);
    // `ws` has already sent the close frame that explains a protocol error (1009 for a frame too large).
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    finish();
  });

  return {
    send(envelope) {
      if (closed || ws.readyState !== ws.OPEN) return;
      const text = JSON.stringify(envelope);
      if (text.length <= MAX_FRAME) {
        ws.send(text);
        return;
      }
      const chunks = splitText(text, MAX_FRAME);
      ws.send(String(chunks.length));
      for (const chunk of chunks) ws.send(chunk);
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
