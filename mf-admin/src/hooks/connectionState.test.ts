import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionState, type ConnectionState } from './connectionState.ts';

function watch() {
  const connected = new Subject<boolean>();
  const seen: ConnectionState[] = [];
  const subscription = connectionState(connected).subscribe((state) => seen.push(state));
  return { connected, seen, subscription };
}

describe('the header’s connection state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checking, then connected; a lost connection is said at once, and its return too', async () => {
    const { connected, seen, subscription } = watch();
    expect(seen).toEqual(['checking']);
    connected.next(false);
    expect(seen).toEqual(['checking']);
    connected.next(true);
    connected.next(false);
    connected.next(true);
    expect(seen).toEqual(['checking', 'online', 'offline', 'online']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['checking', 'online', 'offline', 'online']);
    subscription.unsubscribe();
  });

  it('no first connection within 4 s: offline', async () => {
    const { connected, seen, subscription } = watch();
    connected.next(false);
    await vi.advanceTimersByTimeAsync(3999);
    expect(seen).toEqual(['checking']);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['checking', 'offline']);
    connected.next(true);
    expect(seen).toEqual(['checking', 'offline', 'online']);
    subscription.unsubscribe();
  });
});
