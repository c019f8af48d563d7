import {
  Children,
  Fragment,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentPropsWithRef,
  type ReactNode,
} from 'react';
import { openBeforeNavigation } from '@satta/shared/ui';

/*
 * The shell's router: the few parts of react-router-dom 7 that the shell used, with the same
 * behaviour, in under 2 KB gzipped instead of 14 (half of the shell's entry chunk, on every
 * visitor's first load). What it keeps:
 *
 * - Routes of Route elements: nested layout routes (with or without a path) rendering their
 *   children through Outlet, index routes, static paths and splats (`/chart/*`, `*`). Paths
 *   match in any case and with trailing slashes, and the most specific route wins whatever the
 *   order, ranked as react-router ranks them. No `:params` and no nested <Routes>: the shell
 *   has neither.
 * - Link (a plain <a href>; a plain left click navigates in place, any other click is the
 *   browser's), Navigate (on mount), useLocation and useNavigate (`replace`, `state`). Every
 *   `to` is a path from the site's root (no relative paths, no `navigate(-1)`).
 * - BrowserRouter (the page), MemoryRouter (tests) and StaticRouter (the render service's
 *   renderToString: synchronous, no effects, cannot navigate).
 *
 * Navigation state changes in a transition, as react-router's does: the address changes at once
 * (pushState), the page follows when React has rendered it. A transition never replaces a part
 * that has not hydrated yet with its fallback; React holds the navigation until it has (see
 * docs/architecture.md, Server rendering), so the parts waiting to be scrolled to that stay on
 * the page are opened first (openBeforeNavigation of shared/ui). Nothing here scrolls: Frame
 * starts a new page at its top, and Back and Forward keep the browser's own scroll restoration.
 */

/** Where the router is; `state` is what the navigation that came here carried. */
export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Differs for every navigation, even to the same address ('default' for the first entry). */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

type Place = Pick<RouterLocation, 'pathname' | 'search' | 'hash'>;

const LocationContext = createContext<RouterLocation | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);
const OutletContext = createContext<ReactNode>(null);

// --- addresses ---------------------------------------------------------------------------

/** A path as written (`/chart?x#y`), split as react-router splits it, without normalizing it. */
function parsePath(path: string): Place {
  const hashAt = path.indexOf('#');
  const beforeHash = hashAt < 0 ? path : path.slice(0, hashAt);
  const searchAt = beforeHash.indexOf('?');
  return {
    pathname: (searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt)) || '/',
    search: searchAt < 0 ? '' : beforeHash.slice(searchAt),
    hash: hashAt < 0 ? '' : path.slice(hashAt),
  };
}

/**
 * `to`, a path from the site's root: nothing else. react-router resolves a relative path
 * against the route it is written in; the shell writes none, so one here is a mistake and throws,
 * as does another origin (react-router's "External navigation is not allowed").
 */
function sitePath(to: string): string {
  if (!/^\/(?![/\\])/.test(to)) throw new Error(`router: ${to} is not a path from the site's root`);
  return to;
}

function pathOf(place: Place): string {
  return place.pathname + place.search + place.hash;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

// --- routers -----------------------------------------------------------------------------

function Router({ location, navigate, children }: { location: RouterLocation; navigate: NavigateFunction; children?: ReactNode }) {
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

/** The browser's location, with the state and key this router keeps in history.state (react-router's shape). */
function browserLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The page's router: the browser's address and history (pushState, popstate). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  const navigate = useCallback<NavigateFunction>((to, { replace = false, state = null } = {}) => {
    const href = sitePath(to);
    const entry = { usr: state, key: newKey() };
    if (replace) window.history.replaceState(entry, '', href);
    else {
      try {
        window.history.pushState(entry, '', href);
      } catch (error) {
        // A browser's limit on history entries (as react-router does: a page load instead); a
        // state that cannot be stored is the caller's mistake.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(href);
        return;
      }
    }
    openBeforeNavigation();
    startTransition(() => setLocation(browserLocation()));
  }, []);
  useLayoutEffect(() => {
    const pop = () => {
      openBeforeNavigation();
      startTransition(() => setLocation(browserLocation()));
    };
    window.addEventListener('popstate', pop);
    return () => window.removeEventListener('popstate', pop);
  }, []);
  return (
    <Router location={location} navigate={navigate}>
      {children}
    </Router>
  );
}

/** A router without the browser's address, for tests: it starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: readonly string[]; children?: ReactNode }) {
  const [location, setLocation] = useState<RouterLocation>(() => ({
    ...parsePath(initialEntries.at(-1) ?? '/'),
    state: null,
    key: 'default',
  }));
  // No stack of entries (the shell never goes back by itself): replace or not, the location is the next one.
  const navigate = useCallback<NavigateFunction>((to, { state = null } = {}) => {
    const next = { ...parsePath(sitePath(to)), state, key: newKey() };
    startTransition(() => setLocation(next));
  }, []);
  return (
    <Router location={location} navigate={navigate}>
      {children}
    </Router>
  );
}

function cannotNavigate(): never {
  throw new Error('router: a server render cannot navigate');
}

/** The render service's router: one location, rendered once (Navigate does nothing there). */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  return (
    <Router location={{ ...parsePath(location), state: null, key: 'default' }} navigate={cannotNavigate}>
      {children}
    </Router>
  );
}

// --- hooks -------------------------------------------------------------------------------

export function useLocation(): RouterLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error('router: useLocation() outside a router');
  return location;
}

/** The router's navigate: one function for the router's life. */
export function useNavigate(): NavigateFunction {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('router: useNavigate() outside a router');
  return navigate;
}

// --- routes ------------------------------------------------------------------------------

export interface RouteProps {
  /** Relative to the parent route's path, or absolute; none for a layout route. */
  path?: string;
  index?: boolean;
  /** Without one, the route renders its children's match (an Outlet). */
  element?: ReactNode;
  /** Nested Route elements. */
  children?: ReactNode;
}

/** A route of <Routes>: configuration, never rendered itself. */
export function Route(props: RouteProps): ReactNode {
  void props;
  throw new Error('router: a <Route> is only ever a child of <Routes> or of another <Route>');
}

interface Branch {
  pattern: RegExp;
  score: number;
  /** The elements from the outermost route to the one matched. */
  elements: ReactNode[];
}

function joinPaths(parent: string, path: string): string {
  return `${parent}/${path}`.replace(/\/\/+/g, '/');
}

/** react-router's ranking: static segments count most, then empty ones; an index route a little, a splat less. */
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  const splat = segments.includes('*');
  return segments.reduce(
    (sum, segment) => sum + (segment === '*' ? 0 : segment === '' ? 1 : 10),
    segments.length + (splat ? -2 : 0) + (index ? 2 : 0),
  );
}

/** The whole path of a branch as a pattern: in any case, trailing slashes allowed, `/*` for anything below. */
function compile(path: string): RegExp {
  const base = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&');
  const end = !path.endsWith('*') ? '\\/*$' : path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  return new RegExp(`^${base}${end}`, 'i');
}

/** Every route that can be matched (one with a path, or an index), with its layouts above it. */
function collect(children: ReactNode, parentPath: string, layouts: ReactNode[], branches: Branch[]): Branch[] {
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      collect(child.props.children, parentPath, layouts, branches);
      return;
    }
    if (child.type !== Route) throw new Error('router: only <Route> elements go inside <Routes>');
    const { path, index = false, element, children: nested } = child.props;
    const fullPath = path?.startsWith('/') ? joinPaths('', path) : joinPaths(parentPath, path ?? '');
    const elements = [...layouts, element === undefined ? <Outlet /> : element];
    collect(nested, fullPath, elements, branches);
    if (path !== undefined || index) branches.push({ pattern: compile(fullPath), score: score(fullPath, index), elements });
  });
  return branches;
}

/** A path as routes match it: each segment decoded (`/c%68art` is /chart), as react-router does. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The best route for the location, inside its layout routes; nothing when none matches. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  // Sorting is stable: of routes that rank the same, the first written wins.
  const branches = useMemo(() => collect(children, '', [], []).sort((a, b) => b.score - a.score), [children]);
  const path = decodePath(pathname);
  const match = branches.find((branch) => branch.pattern.test(path));
  if (!match) return null;
  return match.elements.reduceRight<ReactNode>(
    (outlet, element) => <OutletContext.Provider value={outlet}>{element}</OutletContext.Provider>,
    null,
  );
}

/** Where a layout route renders the route matched inside it. */
export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

// --- navigation --------------------------------------------------------------------------

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  to: string;
  /** Default: replace only when the link leads where the router already is. */
  replace?: boolean;
  state?: unknown;
};

/**
 * A plain <a href>. A plain left click navigates in place; a click with a modifier key, another
 * button, on a link with a target other than _self, or one a handler prevented, is the browser's.
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const href = sitePath(to);
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? href === pathOf(location), state });
      }}
    />
  );
}

/** Navigates once it has mounted (never in a server render, which runs no effects). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
