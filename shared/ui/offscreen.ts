import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * CSS for a block that usually starts below the first screen (the month's table, the agents,
 * the footer): the browser skips its layout and paint until it comes near the viewport
 * (`content-visibility: auto`), and reserves `estimate` of height for it meanwhile. Once it has
 * been drawn the browser remembers its real height (`auto`).
 *
 * On a cheap phone every layout of the whole page costs tens of milliseconds: when the web font
 * arrives, when the app takes over from the server's HTML, and each time a remote's styles are
 * added. Skipping what is off screen keeps those short, so a tap is answered sooner.
 *
 * `estimate` is the block's usual height on a phone, where most visitors are. The content stays
 * in the page for find-in-page, screen readers and search engines. The block clips what its
 * children draw outside it (paint containment), except for a margin that focus outlines fit in.
 */
export function offscreenUntilNear(estimate: string): string {
  return `
    content-visibility: auto;
    contain-intrinsic-block-size: auto ${estimate};
    overflow-clip-margin: 0.5rem;
  `;
}

/**
 * Calls `onNear` once `element` comes into view (at once when there is no IntersectionObserver);
 * the returned function stops watching. Server-rendered parts below the first screen wait for it
 * before they load their code or hydrate (the shell's RemoteWidget, mf-chart's HydrateWhenNear):
 * until the visitor scrolls to them the server's HTML stays as it is, complete, and a slow phone
 * spends nothing on them while it starts what is in view. No margin ahead: the server's HTML is
 * already complete when it scrolls in, and a margin would take in the blocks just below a
 * phone's first screen.
 */
export function whenNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    onNear();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** The parts of the page still waiting to come into view that a navigation must not wait for. */
const beforeNavigation = new Set<() => void>();

/**
 * Opens every part still waiting to come into view that stays on the page across a navigation
 * (useWhenNear's `openBeforeNavigation`). The shell's router calls it before each navigation:
 * React holds a navigation (a transition) that changes a context above a part it has not
 * hydrated until that part has hydrated, and a part waiting to be scrolled to would hold it for
 * good: a chart opened at its address on a phone kept its dialog open after Close, its address
 * already /chart. Opened, such a part hydrates at once and the navigation follows.
 */
export function openBeforeNavigation(): void {
  for (const open of [...beforeNavigation]) open();
}

/**
 * For a part that waits until it is in view (see whenNear): `opened` resolves once the element
 * on `ref` comes into view; null when `wait` (asked once, on the first render) says it need not
 * wait. No state changes when it opens (React would replace a part it has not hydrated yet with
 * its fallback): the part's loader, or a component inside its Suspense boundary, awaits it.
 * `openBeforeNavigation`: a part that stays on the page when the address changes opens before
 * any navigation too (see openBeforeNavigation above).
 */
export function useWhenNear<T extends Element>(
  wait: () => boolean,
  options: { openBeforeNavigation?: boolean } = {},
): { ref: RefObject<T | null>; opened: Promise<void> | null } {
  const [gate] = useState(() => {
    if (!wait()) return null;
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  });
  const ref = useRef<T>(null);
  const early = options.openBeforeNavigation === true;
  useEffect(() => {
    if (!gate) return undefined;
    if (!ref.current) return gate.open();
    if (early) beforeNavigation.add(gate.open);
    const stop = whenNear(ref.current, gate.open);
    void gate.opened.then(() => beforeNavigation.delete(gate.open));
    return () => {
      stop();
      beforeNavigation.delete(gate.open);
    };
  }, [gate, early]);
  return { ref, opened: gate?.opened ?? null };
}
