/**
 * The server's HTML of each widget, kept before React starts (main.tsx). React hydrates a
 * server-rendered page, so the server's DOM normally stays as it is; this copy is for when it
 * cannot: a widget whose remote is down shows it above its notice, and should React have to
 * render the page afresh, a widget shows it as its Suspense fallback until its code arrives.
 *
 * Each entry is taken once: after a client-side navigation the page has no server HTML.
 */
const captured = new Map<string, string>();

export function captureServerHtml(root: ParentNode): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-widget]')) {
    const label = slot.dataset['widget'];
    if (label && !captured.has(label)) captured.set(label, slot.innerHTML);
  }
}

export function takeServerHtml(label: string): string | undefined {
  const html = captured.get(label);
  captured.delete(label);
  return html;
}
