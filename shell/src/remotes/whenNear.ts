/**
 * Calls `onNear` once `element` comes within `margin` of the viewport (at once when there is no
 * IntersectionObserver); the returned function stops watching. RemoteWidget waits for it before
 * it loads the code of a server-rendered widget below the first screen: until the visitor scrolls
 * towards it, the server's HTML stays as it is (complete, and searchable in the page), and a slow
 * phone spends nothing on it while it starts the widgets that are in view.
 */
export function whenNear(element: Element, onNear: () => void, margin = '200px 0px'): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
