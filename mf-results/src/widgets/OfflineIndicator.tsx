import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import { useOffline } from '../hooks/useOffline.ts';
import { OFFLINE } from '../text.ts';

const Pill = styled.span`
  display: inline-block;
  padding: 0.3rem 0.75rem;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${color('--color-offline-text')};
  background: ${color('--color-offline-bg')};
`;

/**
 * A small notice while the live connection is down. The status region is always present so
 * screen readers announce the change; it is empty while connected.
 */
export default function OfflineIndicator() {
  const offline = useOffline();
  return (
    <div role="status" aria-live="polite">
      {offline && <Pill data-testid="offline-indicator">{OFFLINE}</Pill>}
    </div>
  );
}
