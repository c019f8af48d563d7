import { useMemo } from 'react';
import styled from 'styled-components';
import { useData, useObservable } from '@satta/shared/data';
import { color, onMobile } from '@satta/shared/ui';
import { offlineAfterGrace } from '../rules/offlineAfterGrace.ts';
import { OFFLINE } from '../text.ts';

// Floats bottom-left, clear of the shell's reload button (bottom-right), so it is seen wherever
// the widget is placed on the page. On a phone the bottom of the first screen is the result
// table's caption, which it covered: there it floats at the top, over the site's name, on one line.
const Pill = styled.span`
  position: fixed;
  left: 1rem;
  bottom: 1rem;
  z-index: 950;
  max-width: calc(100vw - 6rem);
  padding: 0.4rem 0.8rem;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${color('--color-offline-text')};
  background: ${color('--color-offline-bg')};
  box-shadow: 0 2px 6px rgb(0 0 0 / 25%);

  ${onMobile} {
    top: calc(0.4rem + env(safe-area-inset-top, 0px));
    bottom: auto;
    left: 50%;
    max-width: calc(100vw - 1rem);
    padding: 0.3rem 0.7rem;
    font-size: 0.8rem;
    white-space: nowrap;
    transform: translateX(-50%);
  }
`;

/**
 * A small notice while the live connection is down. The status region is always present so
 * screen readers announce the change; it is empty while connected.
 */
export default function OfflineIndicator() {
  const { connected$ } = useData<'connected$'>();
  // true once the page has been without its database connection for the grace period.
  const offline$ = useMemo(() => offlineAfterGrace(connected$), [connected$]);
  const offline = useObservable(offline$, false);
  return (
    <div role="status" aria-live="polite">
      {offline && <Pill data-testid="offline-indicator">{OFFLINE}</Pill>}
    </div>
  );
}
