/**
 * Which database a URL or a project names, the one rule the pages (rest.ts), the render service
 * (server/render/src/main.ts), the notify service (server/notify/src/config.ts) and the local
 * stack (scripts/stack.ts) follow. A Firebase database is a namespace: the first label of its host
 * (`https://<ns>.firebaseio.com`, `https://<ns>.<region>.firebasedatabase.app`), or, with the
 * emulator, which serves every namespace on one host, the `ns` parameter (`http://127.0.0.1:9000?ns=<ns>`).
 * The local database server (server/rtdb) keeps Firebase's rule of its own (server/rtdb/src/defaults.ts:
 * it stands in for Firebase, not for this app); namespace.test.ts checks that the two agree.
 */

/** A project's default database: `<projectId>-default-rtdb`. */
export function defaultNamespace(projectId: string): string {
  return `${projectId}-default-rtdb`;
}

/** The project of the local stack (scripts/stack.ts), the seed (scripts/seed.ts) and the local database server. */
export const LOCAL_PROJECT_ID = 'demo-satta';

/** The local project's default database: what the seed fills and the local stack reads. */
export const LOCAL_NAMESPACE = defaultNamespace(LOCAL_PROJECT_ID);

/** The namespace a database URL names: its `ns` parameter, else its host's first label. */
export function databaseNamespace(databaseURL: string | URL): string {
  const url = new URL(databaseURL);
  return url.searchParams.get('ns') ?? url.hostname.split('.')[0] ?? '';
}
