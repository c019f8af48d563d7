import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Disclaimer, color, offscreenUntilNear, onMobile } from '@satta/shared/ui';
import { Link, Navigate, Outlet, useLocation } from '../router/router.tsx';
import { Nav } from './Nav.tsx';
import { ReloadButton } from './ReloadButton.tsx';
import { PATHS } from '../routes.ts';
import { CORRECTIONS_LINK, FONT_LICENCE_LINK, LUCKY_NUMBER_LINK, SITE_NAME_EN, SITE_NAME_HI, SKIP_TO_CONTENT } from '../strings.ts';

const SkipLink = styled.a`
  position: absolute;
  left: 0.5rem;
  top: -3rem;
  z-index: 1100;
  padding: 0.5rem 0.75rem;
  background: ${color('--color-surface')};

  &:focus {
    top: 0.5rem;
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.5rem 1rem;
  background: ${color('--color-nav-bg')};
  color: ${color('--color-nav-text')};

  ${onMobile} {
    justify-content: center;
  }
`;

const SiteName = styled(Link)`
  color: inherit;
  font-size: 1.3rem;
  font-weight: 800;
  text-decoration: none;

  span {
    margin-left: 0.4rem;
    font-size: 0.85rem;
    font-weight: 400;
  }
`;

/** The lucky-number page, near the top of every page rather than only in the footer. */
const LuckyLink = styled(Link)`
  padding: 0.35rem 0.8rem;
  border: 2px solid currentColor;
  border-radius: 999px;
  color: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  text-decoration: none;

  &[aria-current='page'] {
    background: ${color('--color-nav-active-bg')};
    color: ${color('--color-nav-active-text')};
  }
`;

const Brand = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0.5rem 1rem;
`;

const Main = styled.main`
  box-sizing: border-box;
  width: 100%;
  max-width: 60rem;
  /* At least a screen high, so the footer starts below the fold and the widgets growing to
     their final size cannot push it around in view (layout shift). */
  min-height: 100vh;
  margin: 0 auto;
  padding: 1rem 0.75rem;

  &:focus {
    outline: none;
  }

  ${onMobile} {
    padding: 0.75rem 0.5rem;
  }
`;

const Footer = styled.footer`
  ${offscreenUntilNear('23rem')}
  padding: 0 0.75rem 1.5rem;
  text-align: center;
  font-size: 0.85rem;

  nav {
    display: flex;
    justify-content: center;
    gap: 1rem;
    margin-top: 0.75rem;
  }
`;

/** Pages where the floating reload button would only get in the way of a form. */
const NO_RELOAD_BUTTON: readonly string[] = [PATHS.signIn, PATHS.dashboard];

const PAGES: readonly string[] = Object.values(PATHS);

/**
 * The page's own address when it was typed in another case (/CHART -> /chart): the router
 * matches any case, but the pages and their links know only the lower-case one. Only the
 * page's part is changed; the rest (a game in a chart address) is the page's to settle.
 */
export function lowerCaseAddress(pathname: string): string | null {
  const [, first = '', ...rest] = pathname.split('/');
  const page = `/${first.toLowerCase()}`;
  if (page === `/${first}` || !PAGES.includes(page)) return null;
  return [page, ...rest].join('/');
}

/** The frame of every page: header with navigation, the page, the disclaimer. */
export function Frame() {
  const { pathname, search, hash } = useLocation();
  const lowerCase = lowerCaseAddress(pathname);
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // The page, without the addresses inside it: /chart/gali/2026 is still the chart page.
  const page = `/${pathname.split('/')[1] ?? ''}`.toLowerCase();
  const reload = !NO_RELOAD_BUTTON.includes(page);

  // After a client-side navigation to another page, start it at its top and move focus into
  // it, so keyboard and screen-reader users are not left on the link they pressed. Within a
  // page (a chart opening at its address) focus stays where the page puts it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [page]);

  return (
    <>
      <SkipLink href="#content">{SKIP_TO_CONTENT}</SkipLink>
      <Header>
        <Brand>
          <SiteName to={PATHS.home}>
            {SITE_NAME_HI}
            <span lang="en">{SITE_NAME_EN}</span>
          </SiteName>
          <LuckyLink to={PATHS.luckyNumber} aria-current={page === PATHS.luckyNumber ? 'page' : undefined} data-testid="lucky-link">
            {LUCKY_NUMBER_LINK}
          </LuckyLink>
        </Brand>
        <Nav reloadSlot={reload} />
        {reload && <ReloadButton />}
      </Header>
      <Main id="content" tabIndex={-1} ref={main}>
        {lowerCase === null ? <Outlet /> : <Navigate to={`${lowerCase}${search}${hash}`} replace />}
      </Main>
      {/* The target of a server-rendered page's rel="expect" (server/render/src/renderPage.tsx):
          its start tag comes after the whole of <main>. */}
      <Footer id="footer">
        <Disclaimer />
        <nav aria-label="Footer">
          <Link to={PATHS.corrections}>{CORRECTIONS_LINK}</Link>
          <a href="/fonts/OFL.txt">{FONT_LICENCE_LINK}</a>
        </nav>
      </Footer>
    </>
  );
}
