import { DataError, NOTIFY_CALL_TIMEOUT_MS, SessionEndedError } from './errors.ts';
import type { DataContext } from './types.ts';

// The admin's call to the notify service (server/notify): the test notification. A page's own
// subscription goes through the shell (shell/src/push/notifyApi.ts), with the games it follows.

/**
 * Calls the notify service's test route as the signed-in admin; returns its message. A token
 * refused with 401 may just be stale (the service checks revocation), so one fresh token is
 * tried; a second refusal means the sign-in itself is over ({@link SessionEndedError}).
 */
export async function sendTestNotification(
  ctx: Pick<DataContext, 'config' | 'fetch'>,
  idToken: (fresh: boolean) => Promise<string | null>,
): Promise<string> {
  let response = await callSendTest(ctx, idToken, false);
  if (response.status === 401) response = await callSendTest(ctx, idToken, true);
  const text = await response.text();
  if (response.status === 401) throw new SessionEndedError(`The notify service refused the sign-in: ${text}`);
  if (!response.ok) throw new Error(text || `HTTP ${response.status}`);
  return text;
}

async function callSendTest(
  ctx: Pick<DataContext, 'config' | 'fetch'>,
  idToken: (fresh: boolean) => Promise<string | null>,
  freshToken: boolean,
): Promise<Response> {
  let token: string | null;
  try {
    token = await idToken(freshToken);
  } catch (error) {
    // Refreshing fails when the refresh token itself was revoked: the sign-in is over.
    throw new SessionEndedError(`Could not refresh the sign-in: ${String(error)}`);
  }
  if (freshToken && !token) throw new SessionEndedError('Signed out.');
  return ctx.fetch(notifyUrl(ctx, '/send-test'), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(NOTIFY_CALL_TIMEOUT_MS),
  });
}

function notifyUrl(ctx: Pick<DataContext, 'config' | 'fetch'>, path: string): string {
  if (!ctx.config.notifyUrl) throw new DataError('data/no-notify-service', 'No notify service configured (notifyUrl in /config.json).');
  return `${ctx.config.notifyUrl.replace(/\/+$/, '')}${path}`;
}
