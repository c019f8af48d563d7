import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * `npm run lint [paths]`: ESLint (eslint.config.js: typescript-eslint, the rules of hooks and the
 * import boundaries) over the repository or the given paths, and `prettier --check` on them at the
 * same time (in a process of its own: the machine has two cores). Exits 1 on any ESLint error or
 * unformatted file. Both keep a cache in node_modules/.cache (by content): a second run looks
 * only at the files that changed.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const targets = process.argv.slice(2);
const paths = targets.length > 0 ? targets : ['.'];

const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
const prettierCache = ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/prettier/cache.json'];
const checking = spawn(process.execPath, [prettier, '--check', ...prettierCache, ...paths], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let prettierOutput = '';
checking.stdout.on('data', (c) => (prettierOutput += c));
checking.stderr.on('data', (c) => (prettierOutput += c));
const checked = new Promise((resolve) => checking.on('close', (code) => resolve(code)));

const eslint = new ESLint({ cwd: ROOT, cache: true, cacheLocation: 'node_modules/.cache/eslint/', cacheStrategy: 'content' });
const results = await eslint.lintFiles(paths);
const output = await (await eslint.loadFormatter('stylish')).format(results);
if (output) console.log(output);
const errors = results.reduce((n, r) => n + r.errorCount, 0);
const warnings = results.reduce((n, r) => n + r.warningCount, 0);
console.log(`lint: eslint ${errors === 0 ? 'ok' : 'FAILED'} (${results.length} files, ${errors} errors, ${warnings} warnings)`);
let ok = errors === 0;

const status = await checked;
if (prettierOutput.trim()) console.log(prettierOutput.trimEnd());
console.log(`lint: prettier ${status === 0 ? 'ok' : 'FAILED (npm run format fixes it)'}`);
if (status !== 0) ok = false;
process.exit(ok ? 0 : 1);
