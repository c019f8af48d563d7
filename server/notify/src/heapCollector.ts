import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection asked for now and then during a fan-out, so that the heap stays
 * near what is live (the subscription list) instead of growing by what the fan-out threw away.
 *
 * Why: each message's objects (its request, promises, undici's bookkeeping) live for its round
 * trip; under load that outlasts the young generation, so they are moved to the old one, where
 * V8 collects only once the old generation reaches a limit it sets from the heap after the last
 * full collection, about twice that. With 100,000 subscriptions loaded (150 MB of heap) a
 * 100,000-message fan-out grew the heap by 170 MB of garbage and the process to 690 MB, past
 * Cloud Run's 512 MiB. A collection every `everyMessages` costs about 1% of the fan-out's CPU
 * (a full collection of this heap takes 50-150 ms).
 *
 * Node exposes `gc` only with --expose-gc; setting the flag at run time and taking the function
 * from a new context is the documented way of `v8.setFlagsFromString`. Where that is not
 * possible (another runtime), no collection is asked for and V8 collects as it would.
 */
export function heapCollector(everyMessages: number): {
  count(messages: number): void;
  /** A full collection now (after the list is loaded: its 40 MB text and the parsed entries are garbage). */
  collect(): void;
  readonly collections: number;
} {
  let gc: (() => void) | null = null;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  } catch {
    gc = null;
  }
  let since = 0;
  let collections = 0;
  return {
    count(messages) {
      since += messages;
      if (since < everyMessages || !gc) return;
      since = 0;
      collections += 1;
      gc();
    },
    collect() {
      if (!gc) return;
      collections += 1;
      gc();
    },
    get collections() {
      return collections;
    },
  };
}
