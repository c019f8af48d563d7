// Node has no EventSource without a flag: the data service follows the live node with one (the
// REST streaming API), so the tests give Node undici's, the implementation Node's own is built on.
import { EventSource } from 'undici';

if (typeof globalThis.EventSource === 'undefined') {
  (globalThis as { EventSource?: unknown }).EventSource = EventSource;
}
