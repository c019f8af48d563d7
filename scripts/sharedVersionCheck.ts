import type { Plugin } from 'vite';

const MODULE = '\0satta:federation-satisfy';

/**
 * The federation runtime checks, for every shared module a page imports, whether the version on
 * the page satisfies the range the importing build asked for (`satisfy`). The plugin's own check
 * is a whole semver implementation: about 2 KB gzip in the shell and again in every remote's
 * chunk, on every visit, and a dozen regular expressions compiled per check (some 100 ms of a
 * slow phone's main thread on the chart page). The ranges our builds write are all of one form,
 * `^major.minor.patch` (sharedConfig in federation.ts), so this module answers exactly those, and
 * a plain version as an exact match; any other range is not satisfied (the runtime then says so
 * in the console and the remote uses its own copy, as with a version out of range).
 */
export function sharedVersionCheck(): Plugin {
  return {
    name: 'satta-shared-version-check',
    resolveId(source) {
      return source === '__federation_fn_satisfy' ? MODULE : null;
    },
    load(id) {
      return id === MODULE ? SATISFY_MODULE : null;
    },
  };
}

/** `satisfy(version, range)` for caret ranges and exact versions (semver's rules for both). */
export const SATISFY_MODULE = `
const parse = (text) => {
  const match = /^(\\d+)\\.(\\d+)\\.(\\d+)$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};
export function satisfy(version, range) {
  const have = parse(version);
  const caret = range.trim().startsWith('^');
  const want = parse(caret ? range.trim().slice(1) : range);
  if (!have || !want) return false;
  const [major, minor, patch] = want;
  if (!caret) return have[0] === major && have[1] === minor && have[2] === patch;
  const atLeast = have[0] > major || (have[0] === major && (have[1] > minor || (have[1] === minor && have[2] >= patch)));
  if (!atLeast || have[0] !== major) return false;
  if (major > 0) return true;
  return minor > 0 ? have[1] === minor : have[1] === 0 && have[2] === patch;
}
`;
