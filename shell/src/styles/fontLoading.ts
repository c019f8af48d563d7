import { FONT_CLASS, FONT_FAMILY_DEVANAGARI, FONT_KEY } from '@satta/shared/ui';

/** Hindi to ask for: the face has a Devanagari unicode-range, so only such text fetches it. */
const SAMPLE = 'सट्टा';

type Idle = (callback: () => void) => void;

const whenIdle: Idle = (callback) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 5000 });
  else setTimeout(callback, 2000);
};

/**
 * A browser that has never had the Devanagari face draws the page with its own fonts (see
 * index.html). Once the app has started and the page is idle, this fetches the face and
 * remembers it in localStorage, so the next page view names it from the first paint. This view
 * keeps its fonts: switching now would move text.
 */
export function fetchFontForNextViews(doc: Document = document, storage: Storage | null = safeLocalStorage(), idle: Idle = whenIdle): void {
  if (doc.documentElement.classList.contains(FONT_CLASS) || !doc.fonts || !storage) return;
  idle(() => {
    doc.fonts
      .load(`1em '${FONT_FAMILY_DEVANAGARI}'`, SAMPLE)
      .then((faces) => {
        if (faces.length > 0) storage.setItem(FONT_KEY, '1');
      })
      .catch((error: unknown) => console.warn('shell: could not fetch the Devanagari face', error));
  });
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
