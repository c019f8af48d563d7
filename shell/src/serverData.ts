/**
 * The data a server-rendered page was rendered from: `<script type="application/json"
 * id="satta-data">` holding `{ at, today, entries }`, entries keyed like the data service's
 * cache. The data service starts from it, so the widgets show these numbers at once and then go
 * live.
 */
export const SERVER_DATA_ID = 'satta-data';

export interface ServerData {
  entries: Record<string, unknown>;
  /** When the data was current (ms since 1970). */
  at?: number;
  /** The site's day the page was rendered for (a date key). */
  today?: string;
}

/** The page's inline data; undefined without any. */
export function readServerData(doc: Document): ServerData | undefined {
  const text = doc.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { entries?: Record<string, unknown>; at?: unknown; today?: unknown };
    if (!parsed.entries) return undefined;
    return {
      entries: parsed.entries,
      at: typeof parsed.at === 'number' ? parsed.at : undefined,
      today: typeof parsed.today === 'string' ? parsed.today : undefined,
    };
  } catch (error) {
    console.warn('shell: ignoring unreadable server data', error);
    return undefined;
  }
}
