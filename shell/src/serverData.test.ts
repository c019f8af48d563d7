import { describe, expect, it } from 'vitest';
import { readServerData } from './serverData.ts';

/** A document whose only element is the page's data script with `text`. */
const pageWith = (text: string | null) =>
  ({ getElementById: (id: string) => (id === 'satta-data' && text !== null ? { textContent: text } : null) }) as unknown as Document;

describe('the data a server-rendered page inlines', () => {
  it('gives the entries, their time and the day the page was rendered for', () => {
    const data = readServerData(pageWith('{"at":1767323045000,"today":"2026-11-24","entries":{"mainInfo":{"email":"a@b.in"}}}'));
    expect(data).toEqual({ at: 1767323045000, today: '2026-11-24', entries: { mainInfo: { email: 'a@b.in' } } });
  });

  it('leaves out a day or time of the wrong kind, and has nothing without entries or a script', () => {
    expect(readServerData(pageWith('{"at":"soon","today":20261124,"entries":{}}'))).toEqual({
      at: undefined,
      today: undefined,
      entries: {},
    });
    expect(readServerData(pageWith('{"at":1}'))).toBeUndefined();
    expect(readServerData(pageWith(null))).toBeUndefined();
  });
});
