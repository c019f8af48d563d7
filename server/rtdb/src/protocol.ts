/**
 * Envelopes of the Realtime Database wire protocol (version 5), as the client's Connection and
 * PersistentConnection read them: `{t:'c'}` control messages and `{t:'d'}` data messages, which are
 * either responses `{r, b:{s, d}}` to a numbered request or server pushes `{a, b}`. This module and
 * `wire-names.ts` are where the wire's short keys are read and written; the rest of the server works
 * with the named shapes they produce.
 */
import type { DataPush } from './listens.ts';
import { BODY, CONTROL, ENVELOPE, HANDSHAKE, MESSAGE, MESSAGE_FIELD, PUSH } from './wire-names.ts';

export const PROTOCOL_VERSION = '5';

export type Envelope =
  | { [ENVELOPE.TYPE]: typeof MESSAGE.CONTROL; [ENVELOPE.DATA]: { [ENVELOPE.TYPE]: string; [ENVELOPE.DATA]: unknown } }
  | { [ENVELOPE.TYPE]: typeof MESSAGE.DATA; [ENVELOPE.DATA]: Record<string, unknown> };

/** A client's request: its number (absent when it expects no answer), action and body. */
export interface Request {
  number?: number;
  action: string;
  body: Record<string, unknown>;
}

/** What a client sent: a control message (by its type), a request, or something to ignore. */
export type Incoming = { kind: 'control'; type: unknown } | { kind: 'request'; request: Request } | { kind: 'ignored' };

export function handshake(host: string, sessionId: string): Envelope {
  return control(CONTROL.HANDSHAKE, {
    [HANDSHAKE.TIMESTAMP]: Date.now(),
    [HANDSHAKE.VERSION]: PROTOCOL_VERSION,
    [HANDSHAKE.HOST]: host,
    [HANDSHAKE.SESSION_ID]: sessionId,
  });
}

export function pong(): Envelope {
  return control(CONTROL.PONG);
}

export function control(type: string, data: unknown = {}): Envelope {
  return { [ENVELOPE.TYPE]: MESSAGE.CONTROL, [ENVELOPE.DATA]: { [ENVELOPE.TYPE]: type, [ENVELOPE.DATA]: data } };
}

export function response(requestNumber: number, status: string, data: unknown): Envelope {
  return {
    [ENVELOPE.TYPE]: MESSAGE.DATA,
    [ENVELOPE.DATA]: { [MESSAGE_FIELD.REQUEST_NUMBER]: requestNumber, [MESSAGE_FIELD.BODY]: { [BODY.STATUS]: status, [BODY.DATA]: data } },
  };
}

function push(action: string, body: Record<string, unknown>): Envelope {
  return { [ENVELOPE.TYPE]: MESSAGE.DATA, [ENVELOPE.DATA]: { [MESSAGE_FIELD.ACTION]: action, [MESSAGE_FIELD.BODY]: body } };
}

export function dataPush(data: DataPush): Envelope {
  const body: Record<string, unknown> = { [BODY.PATH]: data.path, [BODY.DATA]: data.data };
  if (data.tag !== undefined) body[BODY.TAG] = data.tag;
  return push(data.action, body);
}

/** Tells the client its credential is no longer valid (it reconnects with a fresh token). */
export function authRevoked(status: string, reason: string): Envelope {
  return push(PUSH.AUTH_REVOKED, { [BODY.STATUS]: status, [BODY.DATA]: reason });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function parseRequest(d: unknown): Request | null {
  if (!isObject(d)) return null;
  const action = d[MESSAGE_FIELD.ACTION];
  if (typeof action !== 'string') return null;
  const number = d[MESSAGE_FIELD.REQUEST_NUMBER];
  const body = d[MESSAGE_FIELD.BODY];
  return { number: typeof number === 'number' ? number : undefined, action, body: isObject(body) ? body : {} };
}

/** Reads a parsed envelope from a client; anything malformed is ignored, as the client would. */
export function parseIncoming(envelope: unknown): Incoming {
  if (!isObject(envelope)) return { kind: 'ignored' };
  const data = envelope[ENVELOPE.DATA];
  switch (envelope[ENVELOPE.TYPE]) {
    case MESSAGE.CONTROL:
      return { kind: 'control', type: isObject(data) ? data[ENVELOPE.TYPE] : undefined };
    case MESSAGE.DATA: {
      const request = parseRequest(data);
      return request === null ? { kind: 'ignored' } : { kind: 'request', request };
    }
    default:
      return { kind: 'ignored' };
  }
}

/** The path a request's body names ('' for the root). */
export function bodyPath(body: Record<string, unknown>): string {
  return String(body[BODY.PATH] ?? '');
}

/** The tag of a query listen; null for a plain listen. */
export function bodyTag(body: Record<string, unknown>): number | null {
  const tag = body[BODY.TAG];
  return typeof tag === 'number' ? tag : null;
}
