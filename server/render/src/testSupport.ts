import { join } from 'node:path';
import { cacheKeys, homeWindowStart, type AdInfo, type MainInfo, type RuntimeConfig } from '@satta/shared/data';
import type { Khaiwal } from '@satta/shared/domain/agents';
import type { Correction } from '@satta/shared/domain/corrections';
import type { Holidays } from '@satta/shared/domain/holidays';
import type { LiveNode } from '@satta/shared/domain/liveNode';
import type { DayMetas, DayResults, GameData } from '@satta/shared/domain/results';
import { SPANS_KEY, type GameSpan } from '@satta/shared/domain/yearlyChart';
import { PUBLIC_REMOTES } from './widgets.ts';
import type { Snapshot } from './snapshot.ts';

/*
 * What the render service's tests start it with: the built shell and public remotes of this
 * checkout, and a runtime config whose database is never reached (the data is a fixed snapshot).
 */
export const ROOT = join(import.meta.dirname, '../../..');

export const TEST_CONFIG: RuntimeConfig = {
  firebase: { apiKey: 'k', projectId: 'demo-satta', databaseURL: 'http://127.0.0.1:1?ns=demo-satta-default-rtdb', appId: 'a' },
  timezone: 'Asia/Kolkata',
  remotes: Object.fromEntries(PUBLIC_REMOTES.map((n) => [n, `/remotes/${n}/remoteEntry.js`])),
};

/** The shell at / and each public remote at /remotes/<name>, from their dist/ folders; `override` replaces some. */
export function testMounts(override: Record<string, string> = {}): Record<string, string> {
  const mounts: Record<string, string> = { '/': join(ROOT, 'shell/dist') };
  for (const name of PUBLIC_REMOTES) mounts[`/remotes/${name}`] = override[name] ?? join(ROOT, name, 'dist');
  return mounts;
}

/** The entries a page inlines for the browser's data service (`<script id="satta-data">`), by cache key. */
export function inlineEntries(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="satta-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('the page inlines no data');
  return (JSON.parse(json) as { entries: Record<string, unknown> }).entries;
}

/** Resolves once `check` holds (looked at every 10 ms), or fails after `timeoutMs` naming `what`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A test's data, named: testSnapshot files each part under its cache key, as LiveData does. */
export interface TestData {
  at: number;
  todayKey: string;
  gameNames: string[];
  /** The home window's games. */
  games: GameData[];
  khaiwals: Khaiwal[];
  mainInfo: MainInfo;
  adInfo: AdInfo;
  /** By game; a game missing here spans the results the data holds. */
  spans?: Record<string, GameSpan>;
  /** Game-years loaded for their charts, by cacheKeys.gameYear. */
  years?: Record<string, DayResults>;
  /** Their publish times, by the same keys (a year is one entry: its results and its times). */
  yearMetas?: Record<string, DayMetas>;
  corrections?: Correction[];
  holidays?: Holidays;
  live: LiveNode;
}

/** The render service's snapshot of a test's data. */
export function testSnapshot(data: TestData): Snapshot {
  const spans: Record<string, GameSpan> = {};
  for (const name of data.gameNames) {
    const prefix = cacheKeys.gameYear(name, 0).slice(0, -1);
    const dates = [
      ...Object.keys(data.games.find((game) => game.name === name)?.results ?? {}),
      ...Object.entries(data.years ?? {})
        .filter(([key]) => key.startsWith(prefix) && /^\d{4}$/.test(key.slice(prefix.length)))
        .flatMap(([, results]) => Object.keys(results)),
    ].sort();
    spans[name] = data.spans?.[name] ?? { first: dates[0] ?? null, last: dates.at(-1) ?? null };
  }
  return {
    at: data.at,
    todayKey: data.todayKey,
    entries: {
      [cacheKeys.gameNames]: data.gameNames,
      [cacheKeys.gamesSince(homeWindowStart(data.todayKey))]: data.games,
      [cacheKeys.khaiwals]: data.khaiwals,
      [cacheKeys.mainInfo]: data.mainInfo,
      [cacheKeys.adInfo]: data.adInfo,
      [cacheKeys.corrections]: data.corrections ?? [],
      [cacheKeys.holidays]: data.holidays ?? {},
      [cacheKeys.live]: data.live,
      [SPANS_KEY]: spans,
      ...Object.fromEntries(
        Object.entries(data.years ?? {}).map(([key, results]) => {
          const meta = data.yearMetas?.[key];
          return [key, { name: key.split(':')[1], time: null, place: null, results, ...(meta ? { meta } : {}) }];
        }),
      ),
    },
  };
}
