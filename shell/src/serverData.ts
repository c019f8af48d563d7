/**
 * The data a server-rendered page was rendered from: `<script type="application/json"
 * id="satta-data">` holding `{ at, entries }`, entries keyed like the data service's cache. The
 * data service starts from it, so the widgets show these numbers at once and then go live.
 */
export const SERVER_DATA_ID = 'satta-data';

export function readServerData(doc: Document): Record<string, unknown> | undefined {
  const text = doc.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { entries?: Record<string, unknown> };
    return parsed.entries;
  } catch (error) {
    console.warn('shell: ignoring unreadable server data', error);
    return undefined;
  }
}
