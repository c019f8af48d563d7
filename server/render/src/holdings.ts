import { getHeapStatistics } from 'node:v8';

/** One store of the render service: how many things it keeps and their bytes. */
export interface Held {
  count: number;
  bytes: number;
}

/** What the render service holds, by store, and the process's memory as V8 and the OS see it. */
export interface Holdings {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  heapLimitMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  stores: Record<string, Held>;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** The process's memory now, with `stores` (each store's count and bytes). */
export function holdings(stores: Record<string, Held>): Holdings {
  const usage = process.memoryUsage();
  return {
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    heapLimitMb: mb(getHeapStatistics().heap_size_limit),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    stores,
  };
}

/** One log line of `held`: `render: holds rss 212 MB, heap 96/130 MB (limit 256), pages 12 (310 KB), ...`. */
export function holdingsLine(held: Holdings): string {
  const stores = Object.entries(held.stores)
    .map(([name, { count, bytes }]) => `${name} ${count} (${Math.round(bytes / 1024)} KB)`)
    .join(', ');
  return (
    `render: holds rss ${held.rssMb} MB, heap ${held.heapUsedMb}/${held.heapTotalMb} MB (limit ${held.heapLimitMb}), ` +
    `buffers ${held.arrayBuffersMb} MB; ${stores}`
  );
}
