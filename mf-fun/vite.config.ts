import { remoteViteConfig } from '../scripts/federation.ts';

// The modules this remote publishes are listed in shared/domain/remotes.ts, the manifest that
// the shell's src/remotes.d.ts must match (scripts/federation.test.ts checks it).
export default remoteViteConfig('mf-fun');
