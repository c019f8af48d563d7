import { remoteViteConfig } from '../scripts/federation.ts';

// The modules this remote publishes: the contract the shell's src/remotes.d.ts types.
export default remoteViteConfig('mf-results', {
  './Banner': './src/widgets/Banner.tsx',
  './Clock': './src/widgets/Clock.tsx',
  './ResultTable': './src/widgets/ResultTable.tsx',
  './CurrentGame': './src/widgets/CurrentGame.tsx',
  './NextGame': './src/widgets/NextGame.tsx',
  './MonthlyTable': './src/widgets/MonthlyTable.tsx',
  './OfflineIndicator': './src/widgets/OfflineIndicator.tsx',
  './Ads': './src/widgets/Ads.tsx',
});
