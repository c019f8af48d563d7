/**
 * Envelopes of the Realtime Database wire protocol (version 5), as the client's Connection and
 * PersistentConnection read them: `{t:'c'}` control messages and `{t:'d'}` data messages, which are
 * either responses `{r, b:{s, d}}` to a numbered request or server pushes `{a, b}`.
 */
import type { DataPush } from './listens.ts';

export const PROTOCOL_VERSION = '5';

export type Envelope = { t: 'c'; d: { t: string; d: unknown } } | { t: 'd'; d: Record<string, unknown> };

export interface Request {
  r?: number;
  a: string;
  b: Record<string, unknown>;
}

export function handshake(host: string, sessionId: string): Envelope {
  return { t: 'c', d: { t: 'h', d: { ts: Date.now(), v: PROTOCOL_VERSION, h: host, s: sessionId } } };
}

export function pong(): Envelope {
  return { t: 'c', d: { t: 'o', d: {} } };
}

export function control(type: string, data: unknown = {}): Envelope {
  return { t: 'c', d: { t: type, d: data } };
}

export function response(r: number, status: string, data: unknown): Envelope {
  return { t: 'd', d: { r, b: { s: status, d: data } } };
}

export function dataPush(push: DataPush): Envelope {
  const body: Record<string, unknown> = { p: push.path, d: push.data };
  if (push.tag !== undefined) body.t = push.tag;
  return { t: 'd', d: { a: push.action, b: body } };
}

/** Tells the client its credential is no longer valid (it reconnects with a fresh token). */
export function authRevoked(status: string, reason: string): Envelope {
  return { t: 'd', d: { a: 'ac', b: { s: status, d: reason } } };
}

export function parseRequest(d: unknown): Request | null {
  if (d === null || typeof d !== 'object') return null;
  const req = d as Partial<Request>;
  if (typeof req.a !== 'string') return null;
  const body = req.b !== null && typeof req.b === 'object' ? req.b : {};
  return { r: typeof req.r === 'number' ? req.r : undefined, a: req.a, b: body };
}
