/**
 * Memory for client messages that arrive in pieces (WebSocket frames, long-poll segments) and are held
 * until the last piece comes. A client decides how many pieces it announces and whether it ever sends
 * the last one, so both one message and all unfinished messages together are bounded.
 */

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
