import { useMemo } from 'react';
import styled from 'styled-components';
import { useData, useObservable } from '@satta/shared/data';
import { BOTTOM_NAV_HEIGHT, color, onMobile } from '@satta/shared/ui';
import { offlineAfterGrace } from '../rules/offlineAfterGrace.ts';
import { OFFLINE } from '../text.ts';

// Floats bottom-left, clear of the shell's reload button (bottom-right) and, on phones, of
// the bottom navigation bar, so it is seen wherever the widget is placed on the page.
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
    bottom: calc(${BOTTOM_NAV_HEIGHT} + 0.75rem + env(safe-area-inset-bottom, 0px));
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
