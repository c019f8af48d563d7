import { readFileSync } from 'node:fs';

/**
 * The project runs on the Node major that package.json's `engines` names (Node 24 LTS). npm
 * scripts put node_modules/.bin first on PATH, where the registry's `node` package puts that
 * Node, so `npm start` and `npm test` get it whatever the machine's own Node is. Started any
 * other way (`node scripts/test.mjs` with an older Node), the command stops with one line that
 * says what to do.
 */
export function requireSupportedNode(command) {
  const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const major = Number(/\d+/.exec(engines.node)?.[0]);
  const running = Number(process.versions.node.split('.')[0]);
  if (running !== major) {
    console.error(
      `${command}: Node ${process.version} is running, the project needs Node ${major} (package.json engines: ${engines.node}); ` +
        `run it through npm (npm install, then npm ${command === 'start' || command === 'test' ? command : `run ${command}`}), which puts Node ${major} from node_modules first`,
    );
    process.exit(1);
  }
  console.log(`${command}: Node ${process.version}`);
}
