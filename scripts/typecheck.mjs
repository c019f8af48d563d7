import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** `npm run typecheck`: strict TypeScript over every project, two at a time (2-core machines). */
const projects = [
  'shared',
  'server/rtdb',
  'server/notify',
  'server/render',
  'scripts',
  'rules',
  'shell',
  'mf-results',
  'mf-chart',
  'mf-agents',
  'mf-fun',
  'mf-admin',
  'e2e',
].filter((dir) => existsSync(`${dir}/tsconfig.json`));

function check(dir) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', dir, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) =>
      resolve({
        dir,
        code,
        output: output
          .split('\n')
          .filter((l) => l && !l.startsWith('npm warn'))
          .join('\n'),
      }),
    );
  });
}

const queue = [...projects];
const failures = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const result = await check(dir);
      console.log(`typecheck: ${dir} ${result.code === 0 ? 'ok' : 'FAILED'}`);
      if (result.code !== 0) failures.push(result);
    }
  }),
);
for (const f of failures) console.error(`\n--- ${f.dir}\n${f.output}`);
process.exit(failures.length === 0 ? 0 : 1);
