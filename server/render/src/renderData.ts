import type { Snapshot } from './snapshot.ts';

/** The render service's in-memory data: the live listeners (liveData.ts), or a fixed source in tests. */
export interface RenderData {
  snapshot: Snapshot | null;
  /**
   * Brings one game's year into the snapshot (and keeps it live for a while); resolves true
   * once it is there, false when it could not be had in time. Without it the snapshot holds
   * the years there are (a fixed snapshot in tests).
   */
  loadYear?(game: string, year: number): Promise<boolean>;
  /** Calls `watcher` after each new snapshot; returns the function that stops the calls. */
  onSnapshot?(watcher: () => void): () => void;
  /** Whether the database connection is up now (absent: a fixed source, always reachable). */
  readonly connected?: boolean;
}
