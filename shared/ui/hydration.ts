import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * false on the server and while React hydrates the server's HTML (a page fresh from the render
 * service, or the service worker's copy of it, however old); true in every render after that, and
 * from the start in a part the browser renders itself. What the server cannot know the same way as
 * the page (how old the data is now, the time now) is rendered once this is true: hydration then
 * adopts exactly the server's HTML, and React renders the difference right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
