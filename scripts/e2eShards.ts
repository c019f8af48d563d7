import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each end-to-end file took, hooks included, in a fresh clone's CI on Chromium 156 with
 * the headless shell for the files without the Push API (c0fe0de, 2026-11-29; routes.e2e.ts 100 s
 * in the whole browser before, 56 s in the shell). Only their proportions matter: they share the
 * files between the shards. A file not listed (a new one) counts as the median.
 */
export const SECONDS: Readonly<Record<string, number>> = {
  'e2e/tests/admin-day-board.e2e.ts': 11,
  'e2e/tests/admin-import.e2e.ts': 49,
  'e2e/tests/admin-offline.e2e.ts': 29,
  'e2e/tests/admin-safety.e2e.ts': 14,
  'e2e/tests/admin.e2e.ts': 77,
  'e2e/tests/agents.e2e.ts': 44,
  'e2e/tests/auth.e2e.ts': 21,
  'e2e/tests/chart-download.e2e.ts': 12,
  'e2e/tests/chart-urls.e2e.ts': 33,
  'e2e/tests/chart.e2e.ts': 34,
  'e2e/tests/console.e2e.ts': 34,
  'e2e/tests/federation.e2e.ts': 24,
  'e2e/tests/fun.e2e.ts': 21,
  'e2e/tests/game-notice.e2e.ts': 11,
  'e2e/tests/link-preview.e2e.ts': 2,
  'e2e/tests/no-draw.e2e.ts': 22,
  'e2e/tests/notify.e2e.ts': 33,
  'e2e/tests/offline.e2e.ts': 17,
  'e2e/tests/phone-layout.e2e.ts': 59,
  'e2e/tests/production.e2e.ts': 76,
  'e2e/tests/publish-times.e2e.ts': 16,
  'e2e/tests/push-games.e2e.ts': 28,
  'e2e/tests/push.e2e.ts': 20,
  'e2e/tests/redeploy.e2e.ts': 5,
  'e2e/tests/results.e2e.ts': 69,
  'e2e/tests/returning-visitor.e2e.ts': 147,
  'e2e/tests/routes.e2e.ts': 56,
  'e2e/tests/scheduled-publish.e2e.ts': 30,
  'e2e/tests/security-headers.e2e.ts': 23,
  'e2e/tests/ssr-chart.e2e.ts': 12,
  'e2e/tests/ssr.e2e.ts': 18,
  'e2e/tests/stream-redirect.e2e.ts': 4,
  'e2e/tests/undo-publish.e2e.ts': 30,
  'e2e/tests/visitor-small-screens.e2e.ts': 65,
  'e2e/tests/visitor.e2e.ts': 49,
};

/**
 * The shard (0-based) of each file: the longest first, each to the shard with the least so far
 * (ties: the lower shard), so every process gets about the same time. Vitest's own split is by
 * a hash of the path, which gave one shard 535 s and the other 368 s. The same list gives the same
 * answer in every process, so each file runs in exactly one shard.
 */
export function shardOf(paths: readonly string[], count: number, seconds: Readonly<Record<string, number>> = SECONDS): Map<string, number> {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weighted = [...new Set(paths)]
    .map((path) => ({ path, weight: seconds[path] ?? median }))
    .sort((a, b) => b.weight - a.weight || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const loads = new Array<number>(count).fill(0);
  const shards = new Map<string, number>();
  for (const { path, weight } of weighted) {
    let least = 0;
    for (let i = 1; i < count; i++) if ((loads[i] ?? 0) < (loads[least] ?? 0)) least = i;
    loads[least] = (loads[least] ?? 0) + weight;
    shards.set(path, least);
  }
  return shards;
}

/** `--shard=i/n` by the files' measured times instead of a hash of their paths. */
export class BalancedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const shard = this.ctx.config.shard;
    if (!shard) return files;
    const root = this.ctx.config.root;
    const pathOf = (spec: TestSpecification) => relative(root, spec.moduleId).split(sep).join('/');
    const shards = shardOf(files.map(pathOf), shard.count);
    return files.filter((spec) => shards.get(pathOf(spec)) === shard.index - 1);
  }
}
