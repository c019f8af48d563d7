import { createContext, useContext, useEffect, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';

/*
 * Client-side navigation for remotes without a router of their own. The shell owns the one
 * router of the page and registers its navigate function here; a remote's links and redirects
 * go through it. Remotes therefore never import react-router, which lets the shell's bundle
 * keep only the router parts it uses instead of sharing the whole package.
 */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (e.g. another year of a chart). */
  replace?: boolean;
}
type Navigate = (to: string, options?: NavigateOptions) => void;
const SLOT = Symbol.for('satta.navigate');
type Slot = { [SLOT]?: Navigate | null };

/** The shell calls this with its router's navigate (and null when it unmounts). */
export function setNavigator(navigate: Navigate | null): void {
  (globalThis as Slot)[SLOT] = navigate;
}

/** Lends a router's navigate function for as long as the calling component is mounted. */
export function useLentNavigator(navigate: Navigate): void {
  useEffect(() => {
    setNavigator(navigate);
    return () => setNavigator(null);
  }, [navigate]);
}

/** Goes to a path of the site: through the shell's router, or as a plain page load without one. */
export function navigateTo(to: string, options?: NavigateOptions): void {
  const navigate = (globalThis as Slot)[SLOT];
  if (navigate) navigate(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/*
 * The current path for remotes, which have no router to ask. The shell announces each of its
 * navigations (announceLocation); the browser's Back and Forward arrive as popstate.
 */
const LOCATION_EVENT = 'satta:location';

/** The shell calls this after every change of location. */
export function announceLocation(): void {
  window.dispatchEvent(new Event(LOCATION_EVENT));
}

function onLocation(listener: () => void): () => void {
  window.addEventListener(LOCATION_EVENT, listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener(LOCATION_EVENT, listener);
    window.removeEventListener('popstate', listener);
  };
}

/**
 * The pathname a server render is for: the shell's server entry provides the request's path,
 * so a remote's page renders the address asked for (a chart's /chart/{game}/{year}).
 */
const ServerPathContext = createContext<string | null>(null);
export const ServerPathProvider = ServerPathContext.Provider;

/**
 * The page's pathname, kept current across the shell's navigations and Back/Forward. In a
 * server render it is the request's path (ServerPathProvider); null where there is neither, so
 * a page shows its default view.
 */
export function useCurrentPath(): string | null {
  const serverPath = useContext(ServerPathContext);
  return useSyncExternalStore(onLocation, browserPath, () => browserPath() ?? serverPath);
}

function browserPath(): string | null {
  return typeof window === 'undefined' ? null : window.location.pathname;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link to a path of the site; a plain click navigates in place, others (new tab...) stay native. */
export function RouteLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        const navigate = (globalThis as Slot)[SLOT];
        if (event.defaultPrevented || !navigate || !isPlainLeftClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
