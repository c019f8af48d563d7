import { ServerValue, type Database, type DataSnapshot } from 'firebase-admin/database';
import {
  LIVE_DIGESTS,
  LIVE_PARTS,
  digestOf,
  expectedLiveDays,
  livePaths,
  liveWindowStart,
  type LiveDay,
  type LivePart,
} from '@satta/shared/domain/liveNode';
import { LIVE_PART_SOURCES, heldData } from '@satta/shared/data/publicReads';
import { logEvent, type Severity } from '../../log/log.ts';
import { homeGamesOf, liveOf, type Snapshot } from './snapshot.ts';

/*
 * The render service keeps the live read model (`live`, shared/domain/liveNode.ts) in line with
 * the specification's paths when something wrote only those: an older admin tool, a hand edit in
 * the Firebase console, a script with firebase-admin. Every writer of this code base writes both
 * in one update, so a check normally finds nothing to do and writes nothing.
 *
 * - Days: `live/days` must hold what the stored results of yesterday and today make of it
 *   (expectedLiveDays); a difference is written back in one multi-path update.
 * - Versions: a change of a part's data (each part of the table's LIVE_PART_SOURCES, what the
 *   pages hold of it as the table says: shared/data/publicReads.ts) must move its stamp `live/v/{part}`, or pages keep what they read of it. The service keeps a digest of
 *   each part in `liveDigests/{part}` = { d: digest, v: the stamp seen with it, t: the day }: data
 *   that changed while the stamp stayed where it was recorded is a hand edit, and gets a stamp.
 */

/** The stored record of one part's data, as the last check saw it. */
export interface DigestRecord {
  /** digestOf the part's data. */
  d: string;
  /** The part's stamp (live/v/{part}) when the digest was recorded; absent: there was none. */
  v?: number;
  /** The site's day of the record: the games and corrections that a page holds depend on it. */
  t?: string;
}

/** What the data of a part is now: its digest, its stamp and the day. */
export interface PartState {
  d: string;
  v: number | undefined;
  t: string;
}

/**
 * What a check does about one part, from the stored record and the data now:
 * - same: the record holds this data and this stamp;
 * - behind: the record is newer than what this instance has seen (another instance recorded a
 *   later stamp): nothing until this one catches up;
 * - advance: same data, but a stamp (or day) the record does not have yet: recorded, so that a
 *   later hand edit is measured against it;
 * - record: new data that came with a new stamp, or the first record, or a new day (the window of
 *   the games and corrections moved, which is no change of data): recorded without a stamp;
 * - stamp: new data under the stamp of the record: recorded, and the part stamped.
 */
export type DigestDecision = 'same' | 'behind' | 'advance' | 'record' | 'stamp';

export function decideDigest(stored: DigestRecord | null, now: PartState, part: LivePart): DigestDecision {
  // The part's data in the snapshot depends on the day (the home window, the 90 days of corrections, today's notices).
  const byDay = LIVE_PART_SOURCES[part].byDay;
  if (stored?.d === now.d) {
    const newerStamp = now.v !== undefined && (stored.v === undefined || now.v > stored.v);
    return newerStamp || (byDay && stored.t !== now.t) ? 'advance' : 'same';
  }
  // No record yet (a new database, or one of an older site): the pages rendered so far may hold
  // data from before the first check, so the part is stamped once and every open page reads it.
  if (stored === null) return 'stamp';
  if (now.v !== undefined && stored.v !== undefined && now.v < stored.v) return 'behind';
  if (byDay && stored.t !== now.t) return 'record';
  // The stamp is where it was recorded, or gone altogether (`live/v` removed by hand): stamp it.
  return now.v === stored.v || now.v === undefined ? 'stamp' : 'record';
}

export function readDigestRecord(value: unknown): DigestRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { d, v, t } = value as Record<string, unknown>;
  if (typeof d !== 'string') return null;
  const record: DigestRecord = { d };
  if (typeof v === 'number' && Number.isFinite(v)) record.v = v;
  if (typeof t === 'string') record.t = t;
  return record;
}

/** What the pages hold of a part, as the snapshot has it: as the table says (publicReads.ts heldData). */
export function partData(snapshot: Snapshot, part: LivePart): unknown {
  return heldData(part, { entry: (key) => snapshot.entries[key], day: { todayKey: snapshot.todayKey, now: snapshot.at } });
}

export function partState(snapshot: Snapshot, part: LivePart): PartState {
  return { d: digestOf(partData(snapshot, part)), v: liveOf(snapshot).v[part], t: snapshot.todayKey };
}

/** Two entries alike as pages read them: `u` equal to `p` is no correction (an undo writes it so). */
export function sameLiveDay(a: LiveDay | undefined, b: LiveDay | undefined): boolean {
  if (!a || !b) return a === b;
  const u = (day: LiveDay) => (day.u === day.p ? undefined : day.u);
  return a.n === b.n && a.p === b.p && u(a) === u(b) && a.w === b.w;
}

/**
 * The multi-path update (root-relative paths) that brings `live/days` in line with the snapshot's
 * results; empty when they agree. An entry that differs is set whole, one the results do not
 * have is removed, and a day before yesterday goes. Entries of a game the snapshot does not know
 * (added since the game list was last read) and of days after its today (a writer whose clock
 * is past midnight already) are left as they are: the snapshot cannot judge them.
 */
export function liveDaysPatch(snapshot: Snapshot): Record<string, unknown> {
  const { todayKey } = snapshot;
  const live = liveOf(snapshot);
  const games = homeGamesOf(snapshot);
  const expected = expectedLiveDays(games, todayKey);
  const from = liveWindowStart(todayKey);
  const known = new Set(games.map((game) => game.name));
  const patch: Record<string, unknown> = {};
  for (const [dateKey, games] of Object.entries(live.days)) {
    if (dateKey < from) {
      patch[livePaths.day(dateKey)] = null;
      continue;
    }
    if (dateKey > todayKey) continue;
    for (const game of Object.keys(games)) {
      if (known.has(game) && !expected[dateKey]?.[game]) patch[livePaths.entry(dateKey, game)] = null;
    }
  }
  for (const [dateKey, games] of Object.entries(expected)) {
    for (const [game, entry] of Object.entries(games)) {
      if (!sameLiveDay(live.days[dateKey]?.[game], entry)) patch[livePaths.entry(dateKey, game)] = entry;
    }
  }
  return patch;
}

/** What LiveRepair needs of LiveData. */
export interface RepairData {
  readonly snapshot: Snapshot | null;
  onSnapshot(watcher: () => void): () => void;
}

/** Timers, replaceable in tests. */
export interface RepairClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: RepairClock = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface LiveRepairOptions {
  db: Database;
  data: RepairData;
  /** How long the data must stay still before a check (one write makes several snapshots). */
  debounceMs?: number;
  clock?: RepairClock;
  log?: (severity: Severity, message: string, fields?: Record<string, unknown>) => void;
}

/**
 * Checks the live node against the snapshot a moment (debounceMs) after each change, one check
 * at a time, and writes what is missing (see the top of this file). Several render instances may
 * run it at once: the days' update is the same from each, and a stamp is decided by a transaction
 * on the part's digest record, so one hand edit is stamped once.
 */
export class LiveRepair {
  /** Checks done, day repairs written and stamps written (the tests count them). */
  checks = 0;
  dayRepairs = 0;
  stamps = 0;
  private readonly debounceMs: number;
  private readonly clock: RepairClock;
  private readonly log: NonNullable<LiveRepairOptions['log']>;
  private digests: Partial<Record<LivePart, DigestRecord | null>> | undefined;
  private digestsFailed = false;
  private stopDigests: (() => void) | undefined;
  private stopWatching: (() => void) | undefined;
  private timer: unknown;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: LiveRepairOptions) {
    this.debounceMs = options.debounceMs ?? 100;
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? logEvent;
  }

  start(): void {
    this.stopped = false;
    this.listenDigests();
    this.stopWatching = this.options.data.onSnapshot(() => this.schedule());
    this.schedule();
  }

  /** Stops the checks; resolves when the one under way (if any) has ended, or after `graceMs`. */
  async stop(graceMs = 2_000): Promise<void> {
    this.stopped = true;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.stopWatching?.();
    this.stopDigests?.();
    if (!this.running) return;
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (wait = setTimeout(resolve, graceMs)))]);
    clearTimeout(wait);
  }

  /** No check waiting or under way. */
  get idle(): boolean {
    return this.timer === undefined && this.running === undefined;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, this.debounceMs);
  }

  private run(): void {
    if (this.running) {
      // A change during a check: one more check when it ends.
      this.again = true;
      return;
    }
    this.running = this.check()
      .catch((error: unknown) => this.log('ERROR', `render: checking the live node failed: ${message(error)}`))
      .finally(() => {
        this.running = undefined;
        this.checks += 1;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  private listenDigests(): void {
    this.digestsFailed = false;
    const ref = this.options.db.ref(LIVE_DIGESTS);
    const onValue = (s: DataSnapshot) => {
      const value = (s.val() ?? {}) as Record<string, unknown>;
      this.digests = Object.fromEntries(LIVE_PARTS.map((part) => [part, readDigestRecord(value[part])]));
      this.schedule();
    };
    ref.on('value', onValue, (error: Error) => {
      // Tried again at the next change (check).
      this.log('WARNING', `render: reading ${LIVE_DIGESTS} failed: ${error.message}`);
      this.digests = undefined;
      this.digestsFailed = true;
    });
    this.stopDigests = () => ref.off('value', onValue);
  }

  private async check(): Promise<void> {
    const snapshot = this.options.data.snapshot;
    if (!snapshot || this.stopped) return;
    await this.repairDays(snapshot);
    if (this.digestsFailed) {
      this.stopDigests?.();
      this.listenDigests();
      return;
    }
    const digests = this.digests;
    if (!digests) return;
    for (const part of LIVE_PARTS) {
      const decision = decideDigest(digests[part] ?? null, partState(snapshot, part), part);
      if (decision === 'same' || decision === 'behind') continue;
      try {
        await this.record(part);
      } catch (error) {
        this.log('WARNING', `render: recording the digest of ${part} failed: ${message(error)}`);
      }
    }
  }

  private async repairDays(snapshot: Snapshot): Promise<void> {
    const patch = liveDaysPatch(snapshot);
    const paths = Object.keys(patch);
    if (paths.length === 0) return;
    const set = paths.filter((path) => patch[path] !== null).map(shortPath);
    const removed = paths.filter((path) => patch[path] === null).map(shortPath);
    try {
      await this.options.db.ref().update(patch);
    } catch (error) {
      this.log('WARNING', `render: repairing live/days failed: ${message(error)}`);
      return;
    }
    this.dayRepairs += 1;
    this.log(
      'NOTICE',
      `render: repaired live/days from the stored results: ${[
        set.length > 0 ? `set ${set.join(', ')}` : '',
        removed.length > 0 ? `removed ${removed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
      { event: 'live-repair', repaired: 'days', set, removed },
    );
  }

  /**
   * Records the part's digest with a transaction, deciding from what is stored then (another
   * instance may have recorded it meanwhile) and from the latest snapshot; stamps the part when
   * its data changed without a stamp. The stamp and the record's `v` are one update with the
   * same server time, so the next check finds them equal and stamps nothing more.
   */
  private async record(part: LivePart): Promise<void> {
    // Set by the transaction's last run, the one that committed (or gave up).
    const last: { decision: DigestDecision } = { decision: 'same' };
    const result = await this.options.db.ref(livePaths.digest(part)).transaction(
      (value: unknown) => {
        last.decision = 'same';
        const snapshot = this.options.data.snapshot;
        if (!snapshot) return undefined;
        const now = partState(snapshot, part);
        const decision = decideDigest(readDigestRecord(value), now, part);
        last.decision = decision;
        if (decision === 'same' || decision === 'behind') return undefined;
        return { d: now.d, v: now.v ?? null, t: now.t };
      },
      undefined,
      false,
    );
    if (!result.committed || last.decision !== 'stamp') return;
    await this.options.db.ref().update({
      [livePaths.version(part)]: ServerValue.TIMESTAMP,
      [`${livePaths.digest(part)}/v`]: ServerValue.TIMESTAMP,
    });
    this.stamps += 1;
    this.log('NOTICE', `render: stamped ${livePaths.version(part)}: ${part} changed without a version stamp`, {
      event: 'live-repair',
      repaired: 'version',
      part,
    });
  }
}

/** `live/days/2026-11-26/Gali` -> `Gali 2026-11-26`, `live/days/2026-11-24` -> `2026-11-24`. */
function shortPath(path: string): string {
  const [, , dateKey, game] = path.split('/');
  return game === undefined ? String(dateKey) : `${game} ${dateKey}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
