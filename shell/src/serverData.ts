/**
 * The data a server-rendered page was rendered from: `<script type="application/json"
 * id="satta-data">` holding `{ at, entries }`, entries keyed like the data service's cache. The
 * data service starts from it, so the widgets show these numbers at once and then go live.
 */
export const SERVER_DATA_ID = 'satta-data';

/** The page's inline data: its cache entries and when they were current; undefined without any. */
export function readServerData(doc: Document): { entries: Record<string, unknown>; at?: number } | undefined {
  const text = doc.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { entries?: Record<string, unknown>; at?: unknown };
    if (!parsed.entries) return undefined;
    return { entries: parsed.entries, at: typeof parsed.at === 'number' ? parsed.at : undefined };
  } catch (error) {
    console.warn('shell: ignoring unreadable server data', error);
    return undefined;
  }
}
