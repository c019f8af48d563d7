/**
 * The takeover of a server-rendered page. React's createRoot replaces #root, and a widget's
 * remote code arrives later over federation; in between each widget would show its loading
 * placeholder. So before React starts, main.tsx keeps the server HTML of every widget (by its
 * `data-widget` label), and RemoteWidget shows it as its Suspense fallback: the same DOM, with
 * the server's <style> tags still in <head>, until the remote renders (from the seeded cache,
 * so with the same numbers). No flash, no layout shift, the scroll position stays.
 *
 * Each entry is taken once: after a client-side navigation the page has no server HTML.
 */
export interface ServerSlot {
  html: string;
  /**
   * The slot's height on screen, in CSS pixels. A widget below the first screen is not laid
   * out until it comes near (offscreenUntilNear), so its height is an estimate, or the real one
   * if the visitor has scrolled past it; React's new slot keeps it, so nothing moves.
   */
  height: number;
}

const captured = new Map<string, ServerSlot>();

export function captureServerHtml(root: ParentNode): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-widget]')) {
    const label = slot.dataset['widget'];
    if (label && !captured.has(label)) captured.set(label, { html: slot.innerHTML, height: slot.getBoundingClientRect().height });
  }
}

export function takeServerHtml(label: string): ServerSlot | undefined {
  const slot = captured.get(label);
  captured.delete(label);
  return slot;
}
