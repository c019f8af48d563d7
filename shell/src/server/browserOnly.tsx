/*
 * Replaces browser-only parts of a page in the server bundle (see vite.config.ts): the
 * notification prompt reads navigator and the push state, and shows nothing until the browser
 * has decided, so a server-rendered page has nothing to show for it either.
 */
export function NotificationPrompt() {
  return null;
}
