/*
 * The one list of remotes and the modules each exposes. Every other list is derived from it:
 * each remote's federation `exposes` (scripts/federation.ts, remoteViteConfig), the shell's
 * registry, the render service's public remotes, and the build, stack and bench scripts.
 * shell/src/remotes.d.ts types the same modules by hand (a `declare module` cannot be generated
 * from a value); scripts/federation.test.ts fails when the two disagree.
 *
 * Pure data, no imports: browser code, the render service and the scripts all read it.
 *
 * To expose a new module: add `Name: 'src/.../Name.tsx'` to its remote here, a matching
 * `declare module '<remote>/Name'` (plus its line in SattaRemoteModules) to shell/src/remotes.d.ts,
 * and `export { default as Name } from './.../Name.tsx'` to its src/widgets.ts: the one module
 * the browser loads from the remote (all its widgets in one request) and, for a public remote,
 * the entry of its server bundle for the render service.
 */

export interface RemoteManifestEntry {
  /** Rendered on the server by the render service too (its public widgets); false: browser only. */
  readonly public: boolean;
  /** Exposed module name -> its source file, relative to the remote's folder. */
  readonly exposes: Readonly<Record<string, string>>;
}

export const REMOTES = {
  'mf-results': {
    public: true,
    exposes: {
      Banner: 'src/widgets/Banner.tsx',
      Clock: 'src/widgets/Clock.tsx',
      ResultTable: 'src/widgets/ResultTable.tsx',
      CurrentGame: 'src/widgets/CurrentGame.tsx',
      NextGame: 'src/widgets/NextGame.tsx',
      MonthlyTable: 'src/widgets/MonthlyTable.tsx',
      OfflineIndicator: 'src/widgets/OfflineIndicator.tsx',
      Ads: 'src/widgets/Ads.tsx',
      Corrections: 'src/widgets/Corrections.tsx',
    },
  },
  'mf-chart': {
    public: true,
    exposes: {
      ChartPage: 'src/pages/ChartPage.tsx',
    },
  },
  'mf-agents': {
    public: true,
    exposes: {
      AgentCards: 'src/widgets/AgentCards.tsx',
      ContactPage: 'src/pages/ContactPage.tsx',
    },
  },
  'mf-fun': {
    public: true,
    exposes: {
      LuckyNumberPage: 'src/pages/LuckyNumberPage.tsx',
      SlotMachine: 'src/widgets/SlotMachine.tsx',
    },
  },
  // The admin dashboard: signed-in only, never rendered on the server.
  'mf-admin': {
    public: false,
    exposes: {
      Dashboard: 'src/pages/Dashboard.tsx',
    },
  },
} as const satisfies Record<string, RemoteManifestEntry>;

export type RemoteName = keyof typeof REMOTES;

/** Every remote, in the manifest's order. */
export const REMOTE_NAMES = Object.keys(REMOTES) as readonly RemoteName[];

/** The remotes the render service renders on the server (all but mf-admin). */
export const PUBLIC_REMOTE_NAMES: readonly RemoteName[] = REMOTE_NAMES.filter((name) => REMOTES[name].public);

/** The module of a remote that holds every widget it exposes, under its exposed name. */
export const WIDGETS_MODULE = 'src/widgets.ts';

/**
 * The federation plugin's `exposes` map of one remote: one module, `./widgets`, holding every
 * exposed widget by name, so that a page loads a remote's code in one request whatever number of
 * its widgets it shows (the home page shows eight of mf-results).
 */
export function federationExposes(name: RemoteName): Record<string, string> {
  void REMOTES[name];
  return { './widgets': `./${WIDGETS_MODULE}` };
}
