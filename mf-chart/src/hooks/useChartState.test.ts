// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Live } from '@satta/shared/data';
import { useChartState } from './useChartState.ts';

const shape = (results: Record<string, string>) => Object.entries(results).map(([day, value]) => `${day}: ${value}`);
const isEmpty = (rows: string[]) => rows.length === 0;

describe('useChartState', () => {
  it('keeps the shaped rows while the data stays the same, and takes the confirmation', () => {
    const data = { '2026-11-01': '12' };
    const { result, rerender } = renderHook((live: Live<Record<string, string>>) => useChartState(live, shape, isEmpty), {
      initialProps: { data, stale: true, error: null, at: 1_763_000_000_000 } as Live<Record<string, string>>,
    });
    const first = result.current;
    expect(first).toEqual({ kind: 'ready', value: ['2026-11-01: 12'], stale: true, at: 1_763_000_000_000 });

    rerender({ data, stale: false, error: null });
    expect(result.current).toEqual({ kind: 'ready', value: ['2026-11-01: 12'], stale: false, at: undefined });
    expect(first.kind === 'ready' && result.current.kind === 'ready' && result.current.value === first.value).toBe(true);

    rerender({ data: { '2026-11-01': '13' }, stale: false, error: null });
    expect(result.current).toEqual({ kind: 'ready', value: ['2026-11-01: 13'], stale: false, at: undefined });
  });

  it('keeps the data on screen when an error comes, and fails only without data', () => {
    const data = { '2026-11-01': '12' };
    const { result, rerender } = renderHook((live: Live<Record<string, string>>) => useChartState(live, shape, isEmpty), {
      initialProps: { data: undefined, stale: true, error: null } as Live<Record<string, string>>,
    });
    expect(result.current).toEqual({ kind: 'loading' });
    rerender({ data, stale: false, error: new Error('network') });
    expect(result.current).toEqual({ kind: 'ready', value: ['2026-11-01: 12'], stale: false, at: undefined });
    rerender({ data: undefined, stale: true, error: new Error('network') });
    expect(result.current).toEqual({ kind: 'failed-to-load' });
    rerender({ data: {}, stale: false, error: null });
    expect(result.current).toEqual({ kind: 'no-data' });
  });
});
