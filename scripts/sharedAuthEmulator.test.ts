import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startStack } from './stack.ts';
import { sharedAuthEmulator } from './sharedAuthEmulator.ts';

/** Signs in on the Auth emulator at `url` as a page does; the answer's status and user. */
async function signIn(url: string): Promise<{ status: number; email?: string }> {
  const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ADMIN, returnSecureToken: true }),
  });
  const body = (await response.json()) as { email?: string };
  return { status: response.status, email: body.email };
}

describe("the unit run's one Auth emulator", () => {
  it('is seeded with the demo admin, serves a stack started on it, and outlives that stack', async () => {
    const shared = sharedAuthEmulator();
    expect(shared).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const url = shared ?? '';
    const stack = await startStack({ hosting: false, notify: false, auth: url });
    expect(stack.urls.auth).toBe(url);
    expect(stack.config.emulators?.auth).toBe(url);
    await stack.stop();
    // Other files' stacks still sign in on it.
    expect(await signIn(url)).toEqual({ status: 200, email: 'admin@example.com' });
  }, 60_000);
});
