import type { ChartFacts, ChartPageDecision, DecideChartPage } from './bundles.ts';
import { chartYears, gameNamesOf, spanOf, yearOf, type Snapshot } from './snapshot.ts';

/*
 * Chart addresses are mf-chart's to decide (issue 25, point 4): its status, head and redirect
 * come from `decideChartPage` of mf-chart's loaded server bundle (RemoteWidgets.chartDecider),
 * given the facts of the snapshot. A request's sorting (routing.ts), its page's plan (plan.ts)
 * and its link preview (linkPreview.ts) all ask here, and each address is decided once per
 * change of the facts (ChartDecisions).
 */

/**
 * mf-chart's decision about a chart address (`decideChartPage` of its loaded server bundle), or
 * null: no bundle of mf-chart with one is loaded. The service never decides a chart address
 * itself: without mf-chart's decision the static host answers it, and the browser decides.
 */
export type ChartDecider = DecideChartPage | null;

/** How the service asks about a chart address: mf-chart's decision against a snapshot, or null without one. */
export type DecideChart = (pathname: string, snapshot: Snapshot) => ChartPageDecision | null;

/** What mf-chart's decision needs, from the snapshot (`origin`: for the head's structured data). */
export function chartFacts(snapshot: Snapshot, origin?: string): ChartFacts {
  return {
    names: gameNamesOf(snapshot),
    years: (game) => chartYears(snapshot, game),
    currentYear: yearOf(snapshot),
    todayKey: snapshot.todayKey,
    lastResult: (game) => spanOf(snapshot, game).last,
    ...(origin === undefined ? {} : { origin }),
  };
}

/** The deciders that have failed once: said once, not on every request. */
const failing = new WeakSet<DecideChartPage>();

/**
 * mf-chart's decision about a chart address against the snapshot, or null without mf-chart's
 * bundle, or when its decision fails (a broken release): then, as without it, the static host
 * answers, and the browser's ChartPage decides.
 */
export function decideChart(decide: ChartDecider, pathname: string, snapshot: Snapshot, origin?: string): ChartPageDecision | null {
  if (!decide) return null;
  try {
    return decide(pathname, chartFacts(snapshot, origin));
  } catch (error) {
    if (!failing.has(decide)) console.error('render: mf-chart could not decide a chart address:', error);
    failing.add(decide);
    return null;
  }
}

/** Decisions kept per change of the facts: past this many addresses (a crawler's made-up ones) they start over. */
const DECISIONS_KEPT = 4096;

/**
 * Each chart address decided once per change of what the decision reads (the game names, each
 * game's span, the day), by the mf-chart release in use, with the site's origin (so the head
 * carries its structured data). A request asks for its address when it is sorted, when its page's
 * plan is made and when its preview is described: mf-chart is asked once. A snapshot with other
 * data but the same facts (a chart's year brought in, a new result of a game whose span did not
 * move) keeps the decisions made.
 */
export class ChartDecisions {
  /** Decisions asked of mf-chart so far (the tests count them). */
  asked = 0;
  private decider: ChartDecider = null;
  private factsKey = '';
  private readonly seen = new WeakMap<Snapshot, string>();
  private decided = new Map<string, ChartPageDecision | null>();

  constructor(
    private readonly current: () => ChartDecider,
    private readonly origin: () => string,
  ) {}

  /** mf-chart's decision about `pathname` against `snapshot` (null: none, the static host answers). */
  readonly decide: DecideChart = (pathname, snapshot) => {
    const decider = this.current();
    const factsKey = this.factsKeyOf(snapshot);
    if (decider !== this.decider || factsKey !== this.factsKey || this.decided.size >= DECISIONS_KEPT) {
      this.decider = decider;
      this.factsKey = factsKey;
      this.decided = new Map();
    }
    if (this.decided.has(pathname)) return this.decided.get(pathname) ?? null;
    this.asked += decider ? 1 : 0;
    const decision = decideChart(decider, pathname, snapshot, this.origin());
    this.decided.set(pathname, decision);
    return decision;
  };

  /** What the facts of `snapshot` are made of, as text (worked out once per snapshot). */
  private factsKeyOf(snapshot: Snapshot): string {
    let key = this.seen.get(snapshot);
    if (key === undefined) {
      const names = gameNamesOf(snapshot);
      key = JSON.stringify([this.origin(), snapshot.todayKey, names, names.map((name) => spanOf(snapshot, name))]);
      this.seen.set(snapshot, key);
    }
    return key;
  }
}
