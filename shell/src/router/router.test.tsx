// @vitest-environment jsdom
import { Suspense, use, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  type NavigateFunction,
  type RouterLocation,
} from './router.tsx';

/** Shows the router's location, and hands out its navigate. */
let navigate: NavigateFunction = () => undefined;
let seen: RouterLocation[] = [];
function Where() {
  const location = useLocation();
  navigate = useNavigate();
  seen.push(location);
  return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
}
const where = () => screen.getByTestId('where').textContent;
const page = () => screen.getByTestId('page').textContent;

function Layout() {
  return (
    <div>
      <Link to="/">Home</Link> <Link to="/contact">Contact</Link> <Link to="/chart/gali/2026">Gali</Link>
      <main data-testid="page">
        <Outlet />
      </main>
    </div>
  );
}

const Page = ({ name }: { name: string }) => <>{name}</>;

/** The shell's routes (App.tsx), with their pages named. */
function SiteRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Page name="home" />} />
        <Route path="/chart/*" element={<Page name="chart" />} />
        <Route path="/contact" element={<Page name="contact" />} />
        <Route path="*" element={<Page name="not found" />} />
      </Route>
    </Routes>
  );
}

function renderAt(path: string, routes: ReactNode = <SiteRoutes />) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {routes}
      <Where />
    </MemoryRouter>,
  );
}

/** Clicks, and tells whether the link kept the browser from following it. */
function clickKeptFromBrowser(link: HTMLElement, init?: MouseEventInit): boolean {
  let prevented = false;
  // On the document, so it runs after React's handler on the root.
  const listener = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault(); // jsdom cannot follow links
  };
  document.addEventListener('click', listener);
  fireEvent.click(link, init);
  document.removeEventListener('click', listener);
  return prevented;
}

beforeEach(() => {
  seen = [];
  // A new entry: no Forward entries left from the test before, and history.length grows by one.
  window.history.pushState(null, '', '/');
});
afterEach(cleanup);

describe('Routes', () => {
  it.each([
    ['/', 'home'],
    ['/chart', 'chart'],
    ['/chart/', 'chart'],
    ['/chart/delhi-bazar/2025', 'chart'],
    ['/CHART', 'chart'],
    ['/Chart/Gali', 'chart'],
    ['/contact', 'contact'],
    ['/Contact/', 'contact'],
    ['/contact?from=nav#top', 'contact'],
    ['/c%68art', 'chart'],
    ['/contacts', 'not found'],
    ['/chartx', 'not found'],
    ['/contact/more', 'not found'],
    ['/nope/deeper', 'not found'],
  ])('matches %s to the %s page inside the layout', (path, name) => {
    renderAt(path);
    expect(page()).toBe(name);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it('ranks the routes as react-router does, whatever their order', () => {
    renderAt(
      '/chart/special',
      <Routes>
        <Route path="*" element={<Page name="any" />} />
        <Route path="/chart/*" element={<Page name="chart" />} />
        <Route path="/chart/special" element={<Page name="special" />} />
      </Routes>,
    );
    expect(document.body.textContent).toBe('special/chart/special');
  });

  it('takes the first written of two routes that rank the same', () => {
    renderAt(
      '/a',
      <Routes>
        <Route path="/a" element={<Page name="first" />} />
        <Route path="/a" element={<Page name="second" />} />
      </Routes>,
    );
    expect(document.body.textContent).toBe('first/a');
  });

  it('nests layouts with paths, index routes and routes without an element', () => {
    const adminRoutes = (admin: ReactNode) => (
      <Routes>
        <Route element={<Layout />}>
          <Route path="admin" element={admin}>
            <Route index element={<Page name="index" />} />
            <Route path="users">
              <Route path="/admin/users/all" element={<Page name="all users" />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    );
    renderAt('/admin', adminRoutes(<Page name="admin: " />));
    expect(page()).toBe('admin: ');
    cleanup();
    // The layout renders its child's match only where its element has an Outlet.
    const withOutlet = adminRoutes(<Outlet />);
    renderAt('/admin/', withOutlet);
    expect(page()).toBe('index');
    cleanup();
    renderAt('/admin/users/all', withOutlet);
    expect(page()).toBe('all users');
    cleanup();
    // A route with a path and no element renders its children's match: none here.
    renderAt('/admin/users', withOutlet);
    expect(page()).toBe('');
  });

  it('renders nothing when no route matches', () => {
    renderAt(
      '/elsewhere',
      <Routes>
        <Route path="/" element={<Page name="home" />} />
      </Routes>,
    );
    expect(document.body.textContent).toBe('/elsewhere');
  });

  it('keeps the layout mounted and replaces the page when the route changes', () => {
    let layouts = 0;
    function Counted() {
      useState(() => ++layouts);
      return <Layout />;
    }
    renderAt(
      '/',
      <Routes>
        <Route element={<Counted />}>
          <Route path="/" element={<Page name="home" />} />
          <Route path="/contact" element={<Page name="contact" />} />
        </Route>
      </Routes>,
    );
    const mounted = layouts;
    act(() => navigate('/contact'));
    expect(page()).toBe('contact');
    expect(layouts).toBe(mounted);
  });

  it('lets only Route elements in', () => {
    const consoleError = console.error;
    console.error = () => undefined; // React reports the thrown error too
    try {
      expect(() =>
        renderAt(
          '/',
          <Routes>
            <div />
          </Routes>,
        ),
      ).toThrow('router: only <Route> elements go inside <Routes>');
      expect(() => render(<Route path="/" />)).toThrow('router: a <Route> is only ever a child of <Routes> or of another <Route>');
    } finally {
      console.error = consoleError;
    }
  });
});

describe('Link', () => {
  it('is a plain link; a plain left click navigates in place and renders the new page', () => {
    renderAt('/');
    const contact = screen.getByRole('link', { name: 'Contact' });
    expect(contact.outerHTML).toBe('<a href="/contact">Contact</a>');
    expect(clickKeptFromBrowser(contact)).toBe(true);
    expect(where()).toBe('/contact');
    expect(page()).toBe('contact');
  });

  it('pushes an entry in the browser, without a page load, and Back returns', async () => {
    window.history.replaceState(null, '', '/contact');
    render(
      <BrowserRouter>
        <SiteRoutes />
        <Where />
      </BrowserRouter>,
    );
    expect(page()).toBe('contact');
    const length = window.history.length;
    expect(clickKeptFromBrowser(screen.getByRole('link', { name: 'Gali' }))).toBe(true);
    expect(window.location.pathname).toBe('/chart/gali/2026');
    expect(window.history.length).toBe(length + 1);
    expect(page()).toBe('chart');
    expect(where()).toBe('/chart/gali/2026');

    await act(async () => {
      const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await back;
    });
    expect(window.location.pathname).toBe('/contact');
    expect(page()).toBe('contact');
    expect(where()).toBe('/contact');
  });

  it('replaces the entry when it leads where the router already is', () => {
    window.history.replaceState(null, '', '/contact');
    render(
      <BrowserRouter>
        <SiteRoutes />
        <Where />
      </BrowserRouter>,
    );
    const length = window.history.length;
    const before = seen.at(-1)?.key;
    expect(clickKeptFromBrowser(screen.getByRole('link', { name: 'Contact' }))).toBe(true);
    expect(window.history.length).toBe(length);
    expect(seen.at(-1)?.key).not.toBe(before);
  });

  it.each<[string, MouseEventInit]>([
    ['ctrl-click', { ctrlKey: true }],
    ['meta-click', { metaKey: true }],
    ['shift-click', { shiftKey: true }],
    ['alt-click', { altKey: true }],
    ['middle-button click', { button: 1 }],
  ])('leaves a %s to the browser', (_, init) => {
    renderAt('/');
    expect(clickKeptFromBrowser(screen.getByRole('link', { name: 'Contact' }), init)).toBe(false);
    expect(where()).toBe('/');
  });

  it('leaves a link with a target, or whose own handler prevented the click, to the browser', () => {
    let clicks = 0;
    render(
      <MemoryRouter>
        <Link to="/contact" target="_blank" rel="noreferrer">
          New tab
        </Link>
        <Link to="/contact" onClick={(event) => (clicks++, event.preventDefault())}>
          Handled
        </Link>
        <Link to="/contact" target="_self" className="x" aria-current="page">
          Self
        </Link>
        <Where />
      </MemoryRouter>,
    );
    expect(clickKeptFromBrowser(screen.getByRole('link', { name: 'New tab' }))).toBe(false);
    expect(clickKeptFromBrowser(screen.getByRole('link', { name: 'Handled' }))).toBe(true);
    expect(clicks).toBe(1);
    expect(where()).toBe('/');
    const self = screen.getByRole('link', { name: 'Self' });
    expect(self.outerHTML).toBe('<a target="_self" class="x" aria-current="page" href="/contact">Self</a>');
    expect(clickKeptFromBrowser(self)).toBe(true);
    expect(where()).toBe('/contact');
  });

  it("takes only paths from the site's root", () => {
    const consoleError = console.error;
    console.error = () => undefined; // React reports the thrown error too
    try {
      expect(() => renderAt('/chart/gali/2026', <Link to="2025">Year before</Link>)).toThrow(
        "router: 2025 is not a path from the site's root",
      );
    } finally {
      console.error = consoleError;
    }
  });
});

describe('navigate', () => {
  it('pushes or replaces, with state, and gives every navigation a key of its own', () => {
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    const length = window.history.length;
    expect(seen.at(-1)).toEqual({ pathname: '/', search: '', hash: '', state: null, key: 'default' });
    act(() => navigate('/chart/gali?year=2026#top', { state: { from: 'test' } }));
    expect(window.history.length).toBe(length + 1);
    expect(window.location.href).toBe('http://localhost:3000/chart/gali?year=2026#top');
    const pushed = seen.at(-1);
    expect(pushed).toMatchObject({ pathname: '/chart/gali', search: '?year=2026', hash: '#top', state: { from: 'test' } });
    expect(pushed?.key).toMatch(/^[a-z0-9]{1,8}$/);
    expect(window.history.state).toEqual({ usr: { from: 'test' }, key: pushed?.key });

    act(() => navigate('/chart/gali?year=2026#top', { replace: true }));
    expect(window.history.length).toBe(length + 1);
    expect(seen.at(-1)).toMatchObject({ pathname: '/chart/gali', state: null });
    expect(seen.at(-1)?.key).not.toBe(pushed?.key);
  });

  it('returns the same function across navigations', () => {
    renderAt('/');
    const first = navigate;
    act(() => navigate('/contact'));
    expect(navigate).toBe(first);
  });

  it("refuses anything but a path from the site's root", () => {
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    for (const to of ['https://example.com/', '//example.com/x', '/\\example.com/x', 'contact', '?x=1', '']) {
      expect(() => navigate(to)).toThrow(`router: ${to} is not a path from the site's root`);
    }
    expect(window.location.href).toBe('http://localhost:3000/');
    expect(where()).toBe('/');
  });

  it('follows the browser to an entry it did not make (popstate)', async () => {
    render(
      <BrowserRouter>
        <SiteRoutes />
        <Where />
      </BrowserRouter>,
    );
    act(() => {
      window.history.pushState({ usr: 'kept', key: 'abc' }, '', '/contact');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(page()).toBe('contact');
    expect(seen.at(-1)).toEqual({ pathname: '/contact', search: '', hash: '', state: 'kept', key: 'abc' });
  });

  it('changes the page in a transition: a page that suspends leaves the current one on screen', async () => {
    const never = new Promise<never>(() => undefined);
    function Slow(): ReactNode {
      return use(never);
    }
    const routes = (
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/" element={<Page name="home" />} />
          <Route path="/slow" element={<Slow />} />
        </Routes>
      </Suspense>
    );
    renderAt('/', routes);
    await act(async () => navigate('/slow'));
    // Outside a transition React would replace the page with the fallback.
    expect(document.body.textContent).toBe('home/');
    cleanup();

    // In the browser the address changes at once; so for Back and Forward.
    render(
      <BrowserRouter>
        {routes}
        <Where />
      </BrowserRouter>,
    );
    await act(async () => navigate('/slow'));
    expect(window.location.pathname).toBe('/slow');
    expect(document.body.textContent).toBe('home/');
    await act(async () => {
      window.history.pushState(null, '', '/slow?again');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(document.body.textContent).toBe('home/');
  });
});

describe('Navigate', () => {
  it('replaces the entry once mounted', () => {
    window.history.replaceState(null, '', '/old?x=1');
    const length = window.history.length;
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/chart" element={<Page name="chart" />} />
          <Route path="/old" element={<Navigate to="/chart?x=1" replace />} />
        </Routes>
        <Where />
      </BrowserRouter>,
    );
    expect(window.location.pathname + window.location.search).toBe('/chart?x=1');
    expect(window.history.length).toBe(length);
    expect(document.body.textContent).toBe('chart/chart?x=1');
  });

  it('pushes an entry without replace', () => {
    const length = window.history.length;
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<Navigate to="/signin" />} />
          <Route path="/signin" element={<Page name="sign in" />} />
        </Routes>
      </BrowserRouter>,
    );
    expect(window.location.pathname).toBe('/signin');
    expect(window.history.length).toBe(length + 1);
    expect(document.body.textContent).toBe('sign in');
  });
});

describe('StaticRouter', () => {
  it("renders a location's page at once with renderToString, where Navigate does nothing", () => {
    const html = renderToString(
      <StaticRouter location="/Chart/gali/2026?x=1#y">
        <SiteRoutes />
        <Where />
        <Navigate to="/elsewhere" />
      </StaticRouter>,
    );
    expect(html).toBe(
      '<div><a href="/">Home</a> <a href="/contact">Contact</a> <a href="/chart/gali/2026">Gali</a>' +
        '<main data-testid="page">chart</main></div><p data-testid="where">/Chart/gali/2026?x=1#y</p>',
    );
  });

  it('cannot navigate', () => {
    renderToString(
      <StaticRouter location="/">
        <Where />
      </StaticRouter>,
    );
    expect(() => navigate('/contact')).toThrow('router: a server render cannot navigate');
  });
});

describe('outside a router', () => {
  it('useLocation and useNavigate throw', () => {
    const Bare = () => <p>{useLocation().pathname}</p>;
    const Nav = () => <p>{typeof useNavigate()}</p>;
    expect(() => renderToString(<Bare />)).toThrow('router: useLocation() outside a router');
    expect(() => renderToString(<Nav />)).toThrow('router: useNavigate() outside a router');
  });
});
