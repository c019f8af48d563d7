/**
 * The WebSocket transport: text frames of JSON envelopes. A message longer than one frame is preceded by
 * a frame holding only the number of frames that follow, as the client does in both directions; the
 * client also sends "0" as a keepalive.
 */
import type { WebSocket } from 'ws';
import type { Transport } from './connection.ts';
import type { Envelope } from './protocol.ts';

const MAX_FRAME = 16384;
/** Both sides probe the connection; a client that misses a whole interval is gone. */
const LIVENESS_MS = 30_000;

export interface WsHandlers {
  onMessage(envelope: unknown): void;
  onClose(): void;
  onError(err: Error): void;
}

export function wsTransport(ws: WebSocket, handlers: WsHandlers): Transport {
  let expected = 0;
  let frames: string[] = [];
  let alive = true;
  let closed = false;

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
    if (isBinary) return;
    const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
    if (expected > 0) {
      frames.push(text);
      if (frames.length === expected) {
        const whole = frames.join('');
        expected = 0;
        frames = [];
        deliver(whole);
      }
      return;
    }
    if (text.length <= 6 && /^\d+$/.test(text)) {
      expected = Number(text);
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
    handlers.onClose();
  };
  ws.on('close', finish);
  ws.on('error', (err) => {
    handlers.onError(err);
    ws.terminate();
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
