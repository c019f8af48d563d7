import { afterAll, beforeAll } from 'vitest';
import { startStack, DEMO_ADMIN, type Stack } from '../../../scripts/stack.ts';
import { ownerRest, type RestMethod } from '../../../scripts/ownerRest.ts';
import { sharedAuthEmulator } from '../../../scripts/sharedAuthEmulator.ts';
import { memoryStore } from '../cache.ts';
import { DataService, adminView, type AdminView } from '../service.ts';

/*
 * The set-up of an integration test of the admin's commands: the real local backend with the
 * project's rules (no hosting, and no notify service: nothing acts on the pending pushes or
 * scheduled entries a test writes), data put in place as the database's owner, and the demo admin
 * signed in on a data service whose site clock is fixed at noon in India on `today`. What is
 * stored is read back as the owner through REST, and an audit entry as [old, new, email].
 */
export interface AdminStackOptions {
  /** The service's app name (one per file: each has its own SDK app). */
  appName: string;
  /** The site's day, YYYY-MM-DD; the service's clock says 12:00 in India on it. */
  today: string;
  /** Nodes put before the admin signs in, by path (e.g. `sattanamee`). */
  seed: Record<string, unknown>;
}

export interface AdminStack {
  readonly stack: Stack;
  /** The admin's view of the data service, signed in. */
  readonly admin: AdminView;
  /** The owner's REST call on the stack's database. */
  rest(path: string, method?: RestMethod, body?: unknown): Promise<unknown>;
  /** The audit entries of `path`, oldest first, as [old, new, email]. */
  auditOf(path: string): Promise<unknown[][]>;
}

/** Starts the stack before the file's tests and stops it after; its parts are there once they run. */
export function adminStack(options: AdminStackOptions): AdminStack {
  let stack: Stack | undefined;
  let admin: AdminView | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('adminStack: used before the stack started (use it in a test)');
    return value;
  };
  const rest = (path: string, method?: RestMethod, body?: unknown) => ownerRest(started(stack).urls.database)(path, method, body);

  beforeAll(async () => {
    stack = await startStack({ hosting: false, notify: false, auth: sharedAuthEmulator() });
    for (const [path, value] of Object.entries(options.seed)) await rest(path, 'PUT', value);
    admin = adminView(
      new DataService(stack.config, {
        appName: options.appName,
        store: memoryStore(),
        now: () => new Date(`${options.today}T12:00:00+05:30`),
      }),
    );
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  }, 120_000);

  afterAll(async () => {
    await admin?.dispose();
    await stack?.stop();
  });

  return {
    get stack() {
      return started(stack);
    },
    get admin() {
      return started(admin);
    },
    rest,
    auditOf: async (path) =>
      Object.values(((await rest('audit')) ?? {}) as Record<string, Record<string, unknown>>)
        .filter((a) => a['path'] === path)
        .sort((a, b) => Number(a['at']) - Number(b['at']))
        .map((a) => [a['old'] ?? null, a['new'] ?? null, a['email']]),
  };
}
