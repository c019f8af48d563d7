import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * `npm run lint [paths]`: ESLint (eslint.config.js: typescript-eslint, the rules of hooks and the
 * import boundaries) over the repository or the given paths, then `prettier --check`. Exits 1 on
 * any ESLint error or unformatted file. The first step of `npm test`.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const targets = process.argv.slice(2);
const paths = targets.length > 0 ? targets : ['.'];

const eslint = new ESLint({ cwd: ROOT });
const results = await eslint.lintFiles(paths);
const output = await (await eslint.loadFormatter('stylish')).format(results);
if (output) console.log(output);
const errors = results.reduce((n, r) => n + r.errorCount, 0);
const warnings = results.reduce((n, r) => n + r.warningCount, 0);
console.log(`lint: eslint ${errors === 0 ? 'ok' : 'FAILED'} (${results.length} files, ${errors} errors, ${warnings} warnings)`);
let ok = errors === 0;

const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
const check = spawnSync(process.execPath, [prettier, '--check', ...paths], { cwd: ROOT, stdio: 'inherit' });
console.log(`lint: prettier ${check.status === 0 ? 'ok' : 'FAILED (npm run format fixes it)'}`);
if (check.status !== 0) ok = false;
process.exit(ok ? 0 : 1);
