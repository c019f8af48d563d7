import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MODULE = '\0satta:federation-satisfy';

/**
 * The federation runtime checks, for every shared module a page imports, whether the version on
 * the page satisfies the range the importing build asked for (`satisfy`, its own small semver).
 * Each check compiles a dozen regular expressions, and a page makes one per shared module per
 * build: on the chart page about 40, some 100 ms of a slow phone's main thread. Nearly all of them
 * ask the same question (our shared package, 0.1.0 against ^0.1.0), so the answer is kept per
 * version and range. The check itself, and what it decides, stay the plugin's.
 */
export function sharedVersionCheckOnce(): Plugin {
  return {
    name: 'satta-shared-version-check-once',
    resolveId(source) {
      return source === '__federation_fn_satisfy' ? MODULE : null;
    },
    async load(id) {
      if (id !== MODULE) return null;
      const federation = (await this.resolve('@originjs/vite-plugin-federation'))?.id;
      if (!federation) throw new Error('sharedVersionCheckOnce: @originjs/vite-plugin-federation is not installed');
      return satisfyOnceModule(join(dirname(federation), 'satisfy.mjs'));
    },
  };
}

/** The module that stands in for the plugin's `satisfy`: the same answers, each computed once. */
export function satisfyOnceModule(original: string): string {
  return [
    `import { satisfy as check } from ${JSON.stringify(original)};`,
    'const answers = new Map();',
    'export function satisfy(version, range) {',
    '  const key = `${version} ${range}`;',
    '  let answer = answers.get(key);',
    '  if (answer === undefined) answers.set(key, (answer = check(version, range)));',
    '  return answer;',
    '}',
    '',
  ].join('\n');
}
