import styled from 'styled-components';
import { color } from './tokens.ts';
import { STALE_BADGE_TITLE, staleBadgeText } from '../domain/messages.ts';

const Badge = styled.span`
  display: inline-block;
  margin-inline-start: 0.5em;
  padding: 0.1em 0.5em;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 600;
  vertical-align: middle;
  color: ${color('--color-stale-text')};
  background: ${color('--color-stale-bg')};
`;

/**
 * Marks data painted from the browser cache (or the server's page) until the live answer
 * replaces it; `at`, when known, is when that data was current and is shown with it.
 */
export function StaleBadge({ show, at }: { show: boolean; at?: number }) {
  if (!show) return null;
  return (
    <Badge title={STALE_BADGE_TITLE} data-testid="stale-badge">
      {staleBadgeText(at)}
    </Badge>
  );
}
