import type { RemoteWidgets } from './widgets.ts';

/**
 * The remotes' server bundles checked for a redeploy, now (`check`) or every `everyMs`: a changed
 * bundle is loaded and `changed` called (its widgets and, for mf-chart, its decisions about the
 * chart addresses: every page again). One check at a time.
 */
export class RemoteChecks {
  private checking: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly remotes: RemoteWidgets,
    private readonly changed: () => void,
    everyMs: number | undefined,
  ) {
    this.timer = everyMs ? setInterval(() => void this.check(), everyMs) : null;
    this.timer?.unref();
  }

  /** Resolves once this check (and any before it) is done. */
  check(): Promise<void> {
    this.checking = this.checking.then(async () => {
      const before = this.remotes.version;
      await this.remotes.load();
      if (this.remotes.version !== before) this.changed();
    });
    return this.checking.then(() => undefined);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
