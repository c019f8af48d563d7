/*
 * The modules the five remotes expose, as listed in the manifest shared/domain/remotes.ts (a
 * `declare module` cannot be generated from it, so they are written out here too;
 * scripts/federation.test.ts fails when the two disagree). Every one default-exports a React
 * component without required props. The shell never imports these specifiers at run time; they
 * exist so the loader in remotes/registry.ts is typed.
 */
declare module 'mf-results/Banner' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/Clock' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/ResultTable' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/CurrentGame' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/NextGame' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/MonthlyTable' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/OfflineIndicator' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/Ads' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-chart/ChartPage' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-agents/AgentCards' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-agents/ContactPage' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-fun/LuckyNumberPage' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-fun/SlotMachine' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-results/Corrections' {
  const Component: import('react').ComponentType;
  export default Component;
}
declare module 'mf-admin/Dashboard' {
  const Component: import('react').ComponentType;
  export default Component;
}

/** Remote name -> exposed module name -> the module's type. */
interface SattaRemoteModules {
  'mf-results': {
    Banner: typeof import('mf-results/Banner');
    Clock: typeof import('mf-results/Clock');
    ResultTable: typeof import('mf-results/ResultTable');
    CurrentGame: typeof import('mf-results/CurrentGame');
    NextGame: typeof import('mf-results/NextGame');
    MonthlyTable: typeof import('mf-results/MonthlyTable');
    OfflineIndicator: typeof import('mf-results/OfflineIndicator');
    Ads: typeof import('mf-results/Ads');
    Corrections: typeof import('mf-results/Corrections');
  };
  'mf-chart': { ChartPage: typeof import('mf-chart/ChartPage') };
  'mf-agents': { AgentCards: typeof import('mf-agents/AgentCards'); ContactPage: typeof import('mf-agents/ContactPage') };
  'mf-fun': { LuckyNumberPage: typeof import('mf-fun/LuckyNumberPage'); SlotMachine: typeof import('mf-fun/SlotMachine') };
  'mf-admin': { Dashboard: typeof import('mf-admin/Dashboard') };
}
