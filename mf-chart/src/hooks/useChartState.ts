import { useMemo } from 'react';
import type { Live } from '@satta/shared/data';
import { chartState, type ChartState } from '../rules/chartState.ts';

/**
 * chartState, shaped again only when the data itself changes: the live confirmation of the
 * server-rendered (or cached) data keeps the data's identity (see keepEqual), so the shaped
 * grid keeps its own and the memoised tables under it do not re-render. `shape` and `isEmpty`
 * must be stable (useCallback) or the shaping runs on every render.
 */
export function useChartState<T, V>(live: Live<T>, shape: (data: T) => V, isEmpty: (value: V) => boolean): ChartState<V> {
  const { data, stale, at } = live;
  // An error matters only without data: data on screen stays (and keeps its shape) when one comes.
  const error = data === undefined ? live.error : null;
  const shaped = useMemo(() => chartState({ data, error, stale: false }, shape, isEmpty), [data, error, shape, isEmpty]);
  return useMemo(() => (shaped.kind === 'ready' ? { ...shaped, stale, at } : shaped), [shaped, stale, at]);
}
