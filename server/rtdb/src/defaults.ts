/*
 * The database a local server is when it is not told (`--project`, `--namespace`). These are
 * Firebase's rules, kept here and not imported from the app's shared/data/namespace.ts: this
 * server stands in for Firebase, and a rule it took from the app would agree with the app even
 * where the app were wrong about Firebase. shared/data/namespace.test.ts checks that the two agree.
 */

/** The project a local server stands for when none is given: the local stack's (scripts/stack.ts). */
export const DEFAULT_PROJECT_ID = 'demo-satta';

/** Firebase's name of a project's default database: the namespace of requests without `?ns=`. */
export function defaultNamespaceOf(projectId: string): string {
  return `${projectId}-default-rtdb`;
}
