import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, type RecordableHistogram } from 'node:perf_hooks';

/** What the event loop's delay was over a span: percentiles and the largest (ms), how many samples. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

/** The histogram's figures in ms (it counts in ns). */
export function loopDelayOf(histogram: Pick<RecordableHistogram, 'percentile' | 'max' | 'count'>): LoopDelay {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    samples: histogram.count,
  };
}

/**
 * For a benchmark (scripts/bench-history.ts): follows the event loop's delay (sampled every
 * 5 ms) and, on each SIGUSR2, writes what it was since the last one to `file` as JSON and starts
 * again: one signal at the start of a walk, one at its end.
 */
export function reportLoopDelay(file: string): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const report = () => {
    writeFileSync(file, JSON.stringify(loopDelayOf(histogram)));
    histogram.reset();
  };
  process.on('SIGUSR2', report);
  return () => {
    process.off('SIGUSR2', report);
    histogram.disable();
  };
}
