/**
 * The CORS headers for a request's Origin: the site (and only the configured origins) may call
 * the service from a page; '*' in the list allows any origin. The answer varies by Origin, so
 * caches must key on it.
 */
export function corsHeaders(origin: string | undefined, allowed: readonly string[]): Record<string, string> {
  if (!origin) return {};
  const any = allowed.includes('*');
  if (!any && !allowed.includes(origin)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': any ? '*' : origin, Vary: 'Origin' };
}

/** What a preflight may ask for: the routes' methods and the two headers the page sends. */
export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};
