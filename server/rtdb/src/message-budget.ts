/**
 * Memory for client messages that arrive in pieces (WebSocket frames, long-poll segments) and are held
 * until the last piece comes. A client decides how many pieces it announces and whether it ever sends
 * the last one, so both one message and all unfinished messages together are bounded.
 */
import type { ServerResponse } from 'node:http';
import { addressKey } from './connection-limit.ts';

/**
 * Firebase's documented limit for one write from an SDK is 16 MB (UTF-8); the SDK itself refuses
 * strings over 10 MB. No legitimate message of the wire protocol is larger.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Unfinished messages of all clients together, as a multiple of the largest single message. */
const TOTAL_MESSAGES = 4;

/** Bookkeeping per piece (string header, array slot, map entry), so that empty pieces are not free. */
const PIECE_OVERHEAD_BYTES = 64;

export type TakeResult = 'ok' | 'too_big' | 'busy';

/** One message being reassembled: its pieces count against the server-wide total until given back. */
export interface Assembly {
  /** Counts one piece of `bytes` payload; on anything but 'ok' nothing is counted and the caller drops the message. */
  take(bytes: number): TakeResult;
  /** Gives back one piece of `bytes` payload, once its message is complete. */
  give(bytes: number): void;
  /** Gives back every piece still counted. */
  release(): void;
}

export class MessageBudget {
  private used = 0;
  readonly maxTotalBytes: number;

  constructor(readonly maxMessageBytes: number = DEFAULT_MAX_MESSAGE_BYTES) {
    this.maxTotalBytes = maxMessageBytes * TOTAL_MESSAGES;
  }

  /** Bytes held in unfinished messages of all clients. */
  get inUse(): number {
    return this.used;
  }

  /** The limit per message counts payload only, so that a message of exactly the limit fits whatever its piece count. */
  assembly(): Assembly {
    let payload = 0;
    let total = 0;
    return {
      take: (bytes) => {
        if (payload + bytes > this.maxMessageBytes) return 'too_big';
        const cost = bytes + PIECE_OVERHEAD_BYTES;
        if (this.used + cost > this.maxTotalBytes) return 'busy';
        payload += bytes;
        total += cost;
        this.used += cost;
        return 'ok';
      },
      give: (bytes) => {
        const cost = Math.min(total, bytes + PIECE_OVERHEAD_BYTES);
        payload = Math.max(0, payload - bytes);
        total -= cost;
        this.used -= cost;
      },
      release: () => {
        this.used -= total;
        payload = 0;
        total = 0;
      },
    };
  }
}

/**
 * Bytes held for one client that does not read: answers to its REST reads and events of its REST
 * streams that the network has not taken yet. Kernel buffers take the first few hundred KB of each
 * connection; what is beyond them stays in the process until the client reads, so a client with many
 * connections that never read could otherwise make the server hold as much as it likes.
 */
export const DEFAULT_MAX_CLIENT_BUFFER_BYTES = 8 * 1024 * 1024;

export class ClientBudgets {
  /** By client (addressKey): what each of its answers and streams holds now. */
  private readonly clients = new Map<string, Set<() => number>>();

  constructor(readonly maxBytes: number) {}

  /** The client a response is for: its address, an IPv6 /64 as one. */
  static keyOf(res: ServerResponse): string {
    return addressKey(res.socket?.remoteAddress ?? res.req.socket?.remoteAddress);
  }

  /** Bytes held now for the client of `key`. */
  heldBy(key: string): number {
    let sum = 0;
    for (const held of this.clients.get(key) ?? []) sum += held();
    return sum;
  }

  /**
   * Whether `bytes` more may be held for the client of `res`. A client that holds nothing may always
   * have one answer, whatever its size (the data may be larger than the budget).
   */
  fits(res: ServerResponse, bytes: number): boolean {
    const held = this.heldBy(ClientBudgets.keyOf(res));
    return held === 0 || held + bytes <= this.maxBytes;
  }

  /** Counts what `held` says for the client of `res`, until `res` closes. */
  hold(res: ServerResponse, held: () => number): void {
    const key = ClientBudgets.keyOf(res);
    let set = this.clients.get(key);
    if (set === undefined) this.clients.set(key, (set = new Set()));
    const holders = set;
    holders.add(held);
    const release = (): void => {
      holders.delete(held);
      if (holders.size === 0 && this.clients.get(key) === holders) this.clients.delete(key);
    };
    if (res.closed || res.destroyed) release();
    else res.once('close', release);
  }
}
