import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { whenNear } from '@satta/shared/ui';

const noChange = () => () => undefined;

/**
 * True while React hydrates the server's HTML (and on the server), false in a render of the
 * browser's own: a page rendered afresh (for another day than the server's, say) has the server's
 * DOM still in place during its first render, and that HTML is not this page's to keep.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
}

/**
 * The server's HTML of the part named `name`, as the page holds it before React takes it over;
 * null when there is none, or when the part is on screen already: then it hydrates at once.
 */
function serverHtmlOf(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const part = document.querySelector(`[data-hydrate-near="${name}"]`);
  if (!part) return null;
  const box = part.getBoundingClientRect();
  if (box.top < window.innerHeight && box.bottom > 0) return null;
  return part.innerHTML;
}

/** The boxes inside `root` that scroll sideways, in document order. */
function sidewaysBoxes(root: Element): Element[] {
  return [...root.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth);
}

/**
 * A part below the first screen that the browser renders only when it scrolls into view
 * (whenNear): until then the server's HTML stays as it is, and a slow phone spends nothing on it
 * (no render, no listeners) while it starts the chart in view. `name` marks its box, so that the
 * first render in the browser finds the server's HTML to keep; without it (a page the browser
 * renders itself), or with the part on screen already, the children render (hydrate) at once.
 *
 * The server's HTML is kept as the box's own markup (taken as it is, not hydrated), not as a
 * Suspense boundary waiting to hydrate: React holds every transition that reaches a boundary it
 * has not hydrated until it can, and a navigation of the shell's router reaches every part of the
 * page. A phone that opened a chart's address then could not close the chart, nor go to its
 * dated address, until it had scrolled down to the month. Near, the part renders afresh from the
 * same data, which the page carries, so its markup is the same; a table the visitor has already
 * scrolled sideways keeps its place.
 */
export function HydrateWhenNear({ name, children }: { name: string; children: ReactNode }) {
  const hydrating = useHydrating();
  const [serverHtml] = useState(() => (hydrating ? serverHtmlOf(name) : null));
  const [near, setNear] = useState(serverHtml === null);
  const ref = useRef<HTMLDivElement>(null);
  // How far the server's tables were scrolled sideways, read as the live part replaces them (the
  // render before that commit still has them on screen), and put back on the live ones.
  const shown = useRef(near);
  const scrolled = useRef<number[] | null>(null);
  if (near && !shown.current && ref.current) {
    shown.current = true;
    scrolled.current = sidewaysBoxes(ref.current).map((el) => el.scrollLeft);
  }
  useEffect(() => {
    if (near || !ref.current) return undefined;
    return whenNear(ref.current, () => setNear(true));
  }, [near]);
  useLayoutEffect(() => {
    const before = scrolled.current;
    if (!before || !ref.current) return;
    scrolled.current = null;
    sidewaysBoxes(ref.current).forEach((el, i) => {
      if (before[i]) el.scrollLeft = before[i];
    });
  }, [near]);
  if (!near && serverHtml !== null) {
    return <div ref={ref} data-hydrate-near={name} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
  }
  return (
    <div ref={ref} data-hydrate-near={name}>
      {children}
    </div>
  );
}
