/**
 * The rules of a multi-path update, evaluated as targaryen evaluates each written path (its `.write`
 * rules from the root down until one allows it, the `.validate` rules of every node on the way that
 * has new data, then those of every new node below it), but each node once per update: a node above
 * many written paths (a game above 7,000 dates) is evaluated once, not once per path, and nothing is
 * logged. targaryen's own `update` does both per path and concatenates the logs into a new array each
 * time, so an update of n children cost O(n²).
 */
import type { TargaryenDatabase, TargaryenDataNode, TargaryenRule, TargaryenRulesetNode } from 'targaryen';

type Wild = Record<string, string>;

function passes(rule: TargaryenRule, state: object): boolean {
  try {
    return rule.evaluate(state) === true;
  } catch {
    // An error in a rule denies, as in targaryen's evaluation.
    return false;
  }
}

/** The rules under `rules` for the child `key`: a literal child, else the wildchild with `key` bound. */
function childRules(rules: TargaryenRulesetNode, key: string, wild: Wild): { rules: TargaryenRulesetNode; wild: Wild } | null {
  if (Object.hasOwn(rules, key))
    return { rules: (rules as unknown as Record<string, TargaryenRulesetNode>)[key] as TargaryenRulesetNode, wild };
  const wildchild = rules.$wildchild;
  if (wildchild === null) return null;
  return { rules: wildchild, wild: { ...wild, [wildchild.$name ?? '']: key } };
}

function childNode(node: TargaryenDataNode | undefined, key: string): TargaryenDataNode | undefined {
  if (node === undefined || node.$isPrimitive() || !Object.hasOwn(node, key)) return undefined;
  return (node as unknown as Record<string, TargaryenDataNode>)[key];
}

/**
 * True when the rules allow writing each of `written` (paths of encoded keys from the root) at once,
 * `after` being the whole data with the update applied and `before` the data and auth before it.
 */
export function updateAllowed(
  before: TargaryenDatabase,
  after: TargaryenDatabase,
  written: ReadonlyArray<readonly string[]>,
  now: number,
): boolean {
  const base = { root: before.snapshot('/'), auth: before.auth ?? null, now };
  const stateAt = (path: string, wild: Wild): object => ({ ...base, ...wild, data: before.snapshot(path), newData: after.snapshot(path) });
  const writeAllowed = new Map<string, boolean>();
  const validated = new Set<string>();

  /** The `.validate` rules of the new data at `path` and below it, each node once. */
  const validateBelow = (rules: TargaryenRulesetNode, node: TargaryenDataNode, path: string, wild: Wild): boolean => {
    if (node.$isPrimitive()) return true;
    for (const key of Object.keys(node)) {
      const child = childRules(rules, key, wild);
      if (child === null) continue;
      const childPath = `${path}/${key}`;
      if (child.rules.$validate !== null && !passes(child.rules.$validate, stateAt(childPath, child.wild))) return false;
      if (
        !validateBelow(child.rules, (node as unknown as Record<string, TargaryenDataNode>)[key] as TargaryenDataNode, childPath, child.wild)
      )
        return false;
    }
    return true;
  };

  for (const parts of written) {
    let rules: TargaryenRulesetNode | null = after.rules.root;
    let wild: Wild = {};
    let node: TargaryenDataNode | undefined = after.root;
    let path = '';
    let permitted = false;
    for (let depth = 0; depth <= parts.length; depth++) {
      if (depth > 0) {
        const key = parts[depth - 1] as string;
        const child = childRules(rules, key, wild);
        path = `${path}/${key}`;
        node = childNode(node, key);
        if (child === null) {
          rules = null;
          break;
        }
        rules = child.rules;
        wild = child.wild;
      }
      const exists = node !== undefined && !node.$isNull();
      if (permitted && !exists) break;
      const at = path === '' ? '/' : path;
      if (!permitted && rules.$write !== null) {
        let allowed = writeAllowed.get(at);
        if (allowed === undefined) {
          allowed = passes(rules.$write, stateAt(at, wild));
          writeAllowed.set(at, allowed);
        }
        permitted = allowed;
      }
      if (exists && rules.$validate !== null && !validated.has(at)) {
        if (!passes(rules.$validate, stateAt(at, wild))) return false;
        validated.add(at);
      }
    }
    if (!permitted) return false;
    if (rules !== null && node !== undefined && !node.$isNull() && !validateBelow(rules, node, path, wild)) return false;
  }
  return true;
}
