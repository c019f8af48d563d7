import { useEffect, useState, type RefObject } from 'react';

/** What a box that scrolls sideways has out of sight: whether it scrolls at all, and whether more lies to the right. */
export interface SideScroll {
  /** null until measured in the browser (on the server, and before the first effect). */
  scrolls: boolean | null;
  moreRight: boolean;
}

const UNMEASURED: SideScroll = { scrolls: null, moreRight: false };

/**
 * Watches a scroll box (its size, its content's size and its scrolling) and says whether it is
 * wider inside than it shows. `content` re-measures when what is inside changes.
 */
export function useSideScroll(ref: RefObject<HTMLElement | null>, content: unknown): SideScroll {
  const [state, setState] = useState<SideScroll>(UNMEASURED);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const scrolls = hidden > 1;
      const moreRight = scrolls && box.scrollLeft < hidden - 1;
      setState((before) => (before.scrolls === scrolls && before.moreRight === moreRight ? before : { scrolls, moreRight }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(measure);
      observer.observe(box);
      for (const child of box.children) observer.observe(child);
    } else {
      window.addEventListener('resize', measure);
    }
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, content]);
  return state;
}
