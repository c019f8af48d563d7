import styled, { css } from 'styled-components';
import { BOTTOM_NAV_HEIGHT, color, onMobile } from '@satta/shared/ui';
import { Link, useLocation } from '../router/router.tsx';
import { NAV_ITEMS, PATHS, type RoutePath } from '../routes.ts';
import { NAV_DASHBOARD, NAV_LABEL } from '../strings.ts';
import { RELOAD_SLOT_WIDTH } from './ReloadButton.tsx';
import { useSignedInHint } from './signedInHint.ts';

const Bar = styled.nav<{ $reloadSlot: boolean }>`
  ul {
    display: flex;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    display: block;
    padding: 0.6rem 0.9rem;
    border-radius: 6px;
    color: ${color('--color-nav-text')};
    font-weight: 600;
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }

  /* The current page. */
  a[aria-current='page'] {
    background: ${color('--color-nav-active-bg')};
    color: ${color('--color-nav-active-text')};
  }

  ${onMobile} {
    position: fixed;
    inset: auto 0 0 0;
    z-index: 800;
    height: calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom, 0px));
    padding-bottom: env(safe-area-inset-bottom, 0px);
    background: ${color('--color-nav-bg')};
    box-shadow: 0 -2px 6px rgb(0 0 0 / 25%);

    ul {
      height: 100%;
      gap: 0;
    }

    /* The reload button's place at the end of the bar: no item sits under it. */
    ${(p) =>
      p.$reloadSlot &&
      css`
        ul {
          margin-right: ${RELOAD_SLOT_WIDTH};
        }
      `}

    li {
      flex: 1 1 0;
      display: flex;
      min-width: 0;
    }

    a {
      flex: 1;
      display: flex;
      align-items: center;
      justify-content: center;
      padding: 0.25rem;
      border-radius: 0;
      font-size: 0.9rem;
      text-align: center;
    }
  }
`;

/**
 * Home, Chart, Contact, Sign In: a header bar on desktop, a fixed bottom bar on small screens.
 * A signed-in admin sees 'Dashboard' where 'Sign In' was. `reloadSlot` keeps the end of the
 * bottom bar free for the reload button.
 */
export function Nav({ reloadSlot = false }: { reloadSlot?: boolean }) {
  const { pathname } = useLocation();
  const signedIn = useSignedInHint();
  return (
    <Bar aria-label={NAV_LABEL} data-testid="nav" $reloadSlot={reloadSlot}>
      <ul>
        {NAV_ITEMS.map((item) => {
          const account = signedIn && item.path === PATHS.signIn;
          return (
            <li key={item.path}>
              <Link to={account ? PATHS.dashboard : item.path} aria-current={isCurrent(item, pathname) ? 'page' : undefined}>
                {account ? NAV_DASHBOARD : item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </Bar>
  );
}

/**
 * An item is current on its own path, on the addresses below it (Chart on /chart/gali/2026)
 * and on the pages it leads to (Sign In -> the dashboard). Addresses are matched as the
 * router matches them, ignoring case (/CHART is the chart page).
 */
export function isCurrent(item: (typeof NAV_ITEMS)[number], pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || PATHS.home;
  const below = item.path !== PATHS.home && path.startsWith(`${item.path}/`);
  return path === item.path || below || (item.also ?? []).includes(path as RoutePath);
}
