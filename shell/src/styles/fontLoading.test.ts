// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFontForNextViews } from './fontLoading.ts';

function page(loaded: FontFace[] | Error) {
  const load = vi.fn(async () => {
    if (loaded instanceof Error) throw loaded;
    return loaded;
  });
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  return load;
}

const now = (callback: () => void) => callback();

describe('fetchFontForNextViews', () => {
  afterEach(() => {
    document.documentElement.className = '';
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('fetches the Devanagari face when idle and remembers it for the next view, leaving this one as it is', async () => {
    const load = page([{} as FontFace]);
    fetchFontForNextViews(document, localStorage, now);
    await vi.waitFor(() => expect(localStorage.getItem('satta.font')).toBe('1'));
    expect(load).toHaveBeenCalledWith("1em 'Noto Sans Devanagari Subset'", 'सट्टा');
    expect(document.documentElement.classList.contains('satta-font')).toBe(false);
  });

  it('does nothing where the page already names the face', () => {
    const load = page([{} as FontFace]);
    document.documentElement.classList.add('satta-font');
    fetchFontForNextViews(document, localStorage, now);
    expect(load).not.toHaveBeenCalled();
  });

  it('remembers nothing when the face could not be had', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = page(new Error('offline'));
    fetchFontForNextViews(document, localStorage, now);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 0));
    expect(localStorage.getItem('satta.font')).toBeNull();
  });
});
