import { useEffect, useState } from 'react';
import { splashShowing, useSplashDone } from '../layout/splashState.ts';
import { promptDueAt } from './shouldPrompt.ts';

/** A rendered row of the result table: the moment the visitor can read a result. */
export const RESULT_ROW = '[data-widget="mf-results/ResultTable"] tr[data-game]';

/** Calls back (once) when the page's first result row is in the document. */
function whenResultShows(onShow: () => void): () => void {
  if (document.querySelector(RESULT_ROW)) {
    onShow();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!document.querySelector(RESULT_ROW)) return;
    observer.disconnect();
    onShow();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * true once the prompt may open: the splash has gone and the results have been readable for a
 * while (promptDueAt), so the question never competes with the number the visitor came for.
 */
export function usePromptMoment(enabled: boolean): boolean {
  const splashDone = useSplashDone();
  const [splashGoneAt, setSplashGoneAt] = useState<number | null>(null);
  const [firstResultAt, setFirstResultAt] = useState<number | null>(null);
  const [due, setDue] = useState(false);

  useEffect(() => {
    // While React hydrates a server page, the store reads as on the server (no splash); this
    // effect then runs with the splash still up, so it asks the page itself.
    if (enabled && splashDone && !splashShowing()) setSplashGoneAt((at) => at ?? performance.now());
  }, [enabled, splashDone]);

  useEffect(() => {
    if (!enabled) return undefined;
    return whenResultShows(() => setFirstResultAt((at) => at ?? performance.now()));
  }, [enabled]);

  useEffect(() => {
    const at = promptDueAt(splashGoneAt, firstResultAt);
    if (at === null || due) return undefined;
    const timer = setTimeout(() => setDue(true), Math.max(0, at - performance.now()));
    return () => clearTimeout(timer);
  }, [splashGoneAt, firstResultAt, due]);

  return due;
}
