/**
 * The admin's sign-in no longer holds: the notify service refused the ID token even after a
 * fresh one was fetched (revoked by a password change or reset elsewhere, or the account is
 * gone). The page answers with a sign-in prompt rather than a generic failure.
 */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
}

/** How long a call to the notify service may take before the page gives up on it. */
export const NOTIFY_CALL_TIMEOUT_MS = 30_000;
