import { remoteViteConfig } from '../scripts/federation.ts';

// The modules this remote publishes: the contract the shell's src/remotes.d.ts types.
export default remoteViteConfig('mf-chart', {
  './ChartPage': './src/pages/ChartPage.tsx',
});
