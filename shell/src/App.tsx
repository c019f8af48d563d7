import { useEffect, useLayoutEffect, useRef } from 'react';
import { Route, Routes } from './router/router.tsx';
import { Frame } from './layout/Frame.tsx';
import { NavigatorBridge } from './layout/NavigatorBridge.tsx';
import { SPLASH_ID, splashEnded } from './layout/splashState.ts';
import { GlobalStyle } from './styles/GlobalStyle.ts';
import { OfflineCache } from './pwa/OfflineCache.tsx';
import { PATHS } from './routes.ts';
import { HomePage } from './pages/HomePage.tsx';
import { ChartRoute } from './pages/ChartRoute.tsx';
import { ContactRoute } from './pages/ContactRoute.tsx';
import { LuckyNumberRoute } from './pages/LuckyNumberRoute.tsx';
import { CorrectionsRoute } from './pages/CorrectionsRoute.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { DashboardRoute } from './pages/DashboardRoute.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

export function App() {
  // The app's first commit is on the page: a server-rendered page looks the
  // same before, so this is how a test (or a script) knows the browser's app has taken over.
  useEffect(() => {
    document.documentElement.dataset['app'] = 'started';
  }, []);
  // index.html draws the splash of a session's first page view and takes it away; the page is
  // already there beneath it. Until it goes, the page is inert (keyboard focus cannot wander
  // behind the splash) and nothing may cover it. Set on the element, not rendered as an
  // attribute: the server's page (which has no splash) hydrates without it. And no state here:
  // the app renders nothing again when the splash goes (see useSplashDone).
  const page = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const splash = document.getElementById(SPLASH_ID);
    const parent = splash?.parentNode;
    if (!splash || !parent) return undefined;
    page.current?.setAttribute('inert', '');
    // The splash goes when index.html removes it (2 s after the page's first paint): the app
    // watches for that, rather than keep a clock of its own that could end a moment too soon.
    const watch = new MutationObserver(() => {
      if (splash.isConnected) return;
      watch.disconnect();
      page.current?.removeAttribute('inert');
      splashEnded();
      // A dialog that opened behind the splash (a shared chart link) could not take focus while
      // the page was inert; it gets it after the next frame. At once, focus() would lay out the
      // whole page, just freed of inert, in this task (70 ms on a slow phone).
      requestAnimationFrame(() => setTimeout(() => document.querySelector<HTMLElement>('[aria-modal="true"] [data-autofocus]')?.focus()));
    });
    watch.observe(parent, { childList: true });
    return () => watch.disconnect();
  }, []);

  return (
    <>
      <GlobalStyle />
      <NavigatorBridge />
      <OfflineCache />
      <div ref={page}>
        <AppRoutes />
      </div>
    </>
  );
}

/** The pages inside their frame; the render service (src/server.tsx) renders the same routes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route path={PATHS.home} element={<HomePage />} />
        {/* /chart/{game}/{year} too: mf-chart reads the rest of the address itself. */}
        <Route path={`${PATHS.chart}/*`} element={<ChartRoute />} />
        <Route path={PATHS.contact} element={<ContactRoute />} />
        <Route path={PATHS.luckyNumber} element={<LuckyNumberRoute />} />
        <Route path={PATHS.corrections} element={<CorrectionsRoute />} />
        <Route path={PATHS.signIn} element={<SignInPage />} />
        <Route path={PATHS.dashboard} element={<DashboardRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
