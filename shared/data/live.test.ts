import { describe, expect, it } from 'vitest';
import { Subject, firstValueFrom, toArray, take } from 'rxjs';
import { cachedLive, type Live } from './live.ts';
import { createCache, memoryStore } from './cache.ts';

describe('cachedLive', () => {
  it('paints the cached value first, marked stale, then the live one', async () => {
    const cache = createCache(memoryStore());
    cache.write('k', ['old'], 1_700_000_000_000);
    const source = new Subject<string[]>();
    const values = firstValueFrom(cachedLive(cache, 'k', source).pipe(take(2), toArray()));
    source.next(['new']);
    expect(await values).toEqual<Live<string[]>[]>([
      { data: ['old'], stale: true, error: null, at: 1_700_000_000_000 },
      { data: ['new'], stale: false, error: null },
    ]);
    expect(cache.read('k')).toEqual(['new']);
  });

  it('keeps the identity of data that the live answer repeats', async () => {
    const cache = createCache(memoryStore());
    cache.write('year', { '2026-01-01': '12', '2026-01-02': '34' });
    const source = new Subject<Record<string, string>>();
    const values = firstValueFrom(cachedLive(cache, 'year', source).pipe(take(3), toArray()));
    source.next({ '2026-01-01': '12', '2026-01-02': '34' });
    source.next({ '2026-01-01': '12', '2026-01-02': '35' });
    const [cached, confirmed, corrected] = await values;
    expect(confirmed).toEqual({ data: { '2026-01-01': '12', '2026-01-02': '34' }, stale: false, error: null });
    expect(confirmed?.data).toBe(cached?.data);
    expect(corrected?.data).toEqual({ '2026-01-01': '12', '2026-01-02': '35' });
    expect(cache.read('year')).toEqual({ '2026-01-01': '12', '2026-01-02': '35' });
  });

  it('keeps the last data when the stream fails, and reports the error', async () => {
    const cache = createCache(memoryStore());
    const source = new Subject<number>();
    const values = firstValueFrom(cachedLive(cache, 'n', source).pipe(take(2), toArray()));
    source.next(7);
    source.error(new Error('permission_denied'));
    const [first, second] = await values;
    expect(first).toEqual({ data: 7, stale: false, error: null });
    expect(second?.data).toBe(7);
    expect(second?.error?.message).toBe('permission_denied');
  });

  it('ignores a corrupt cache entry instead of failing', () => {
    const store = memoryStore();
    store.setItem('satta:v2:bad', '{not json');
    expect(createCache(store).read('bad')).toBeUndefined();
  });

  it('does not read an entry stored before entries had their time (v1)', () => {
    const store = memoryStore();
    store.setItem('satta:v1:k', '["old"]');
    store.setItem('satta:v2:bare', '["old"]');
    expect(createCache(store).read('k')).toBeUndefined();
    expect(createCache(store).read('bare')).toBeUndefined();
  });
});
