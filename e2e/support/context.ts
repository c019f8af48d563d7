/** Values the global setup hands to the tests (vitest `provide` / `inject`). */
export interface E2EContext {
  /** The site (shell and the remotes served with it). */
  site: string;
  /** Origin of the remote that is served from its own server. */
  separateRemote: { name: string; origin: string };
  /** Small HTTP endpoint of the global setup that stops, starts and redeploys that remote's server. */
  control: string;
  database: string;
  /** The Auth emulator: a visitor's page must never talk to it. */
  auth: string;
  admin: { email: string; password: string };
  visitor: { email: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}
