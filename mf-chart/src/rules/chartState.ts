import type { Live } from '@satta/shared/data';

/** What a chart view shows for a stream: its data, or which of the specification's messages. */
export type ChartState<T> =
  | { kind: 'loading' }
  | { kind: 'failed-to-load' }
  | { kind: 'failed-to-process' }
  | { kind: 'no-data' }
  /** `at`: with stale data, when it was current (a server-rendered page's data is seconds old). */
  | { kind: 'ready'; value: T; stale: boolean; at?: number | undefined };

/**
 * Maps a live stream and the view's shaping to a state. Data already on screen wins over a
 * later error (a dropped connection never blanks a chart); a shaping function that throws is
 * 'Failed to process data'; an empty result is 'No data available'.
 */
export function chartState<T, V>(live: Live<T>, shape: (data: T) => V, isEmpty: (value: V) => boolean): ChartState<V> {
  if (live.data === undefined) return live.error ? { kind: 'failed-to-load' } : { kind: 'loading' };
  let value: V;
  try {
    value = shape(live.data);
  } catch (error) {
    console.error('chart: could not shape the data', error);
    return { kind: 'failed-to-process' };
  }
  return isEmpty(value) ? { kind: 'no-data' } : { kind: 'ready', value, stale: live.stale, at: live.at };
}
