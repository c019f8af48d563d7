import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Live } from '@satta/shared/data';
import { chartState } from './chartState.ts';

const id = (v: string[]) => v;
const empty = (v: string[]) => v.length === 0;
const live = (data: string[] | undefined, error: Error | null = null, stale = false): Live<string[]> => ({
  data,
  stale,
  error,
});

describe('chartState', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is loading before anything arrives', () => {
    expect(chartState(live(undefined, null, true), id, empty)).toEqual({ kind: 'loading' });
  });

  it('failed to load when an error comes before any data', () => {
    expect(chartState(live(undefined, new Error('x')), id, empty)).toEqual({ kind: 'failed-to-load' });
  });

  it('keeps data on screen when an error follows it', () => {
    expect(chartState(live(['a'], new Error('x')), id, empty)).toEqual({ kind: 'ready', value: ['a'], stale: false });
  });

  it('failed to process when shaping throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shape = () => {
      throw new RangeError('bad');
    };
    expect(chartState(live(['a']), shape, empty)).toEqual({ kind: 'failed-to-process' });
  });

  it('no data for an empty result', () => {
    expect(chartState(live([]), id, empty)).toEqual({ kind: 'no-data' });
  });

  it('passes staleness through', () => {
    expect(chartState(live(['a'], null, true), id, empty)).toEqual({ kind: 'ready', value: ['a'], stale: true });
  });

  it('passes on when stale data was current, so a just-rendered page is not marked as old', () => {
    const seeded: Live<string[]> = { data: ['a'], stale: true, error: null, at: 1_795_000_000_000 };
    expect(chartState(seeded, id, empty)).toEqual({ kind: 'ready', value: ['a'], stale: true, at: 1_795_000_000_000 });
  });
});
