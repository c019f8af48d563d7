import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { color } from './tokens.ts';
import { useHydrated } from './hydration.ts';
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

/** Data this recent (the server's page, just rendered) is not called old at once. */
const FRESH_MS = 60_000;

let pageDataAt: number | undefined;

/**
 * The data of a page that came from the server just now (not a copy from the service worker's
 * cache) is as current as the server could make it, however long ago it last changed: it is
 * not called old at once either. The shell tells, for the `at` of that page's data.
 */
export function trustPageData(at: number | undefined): void {
  pageDataAt = at;
}
/** How long fresh data may wait for the live answer before it is marked. */
const GRACE_MS = 3_000;

/**
 * Marks data painted from the browser cache (or the server's page) until the live answer
 * replaces it; `at`, when known, is when that data was current and is shown with it. Data of the
 * last minute, or of a page fresh from the server (trustPageData), is marked only if the live
 * answer has not come within 3 s: the usual takeover shows no badge, so nothing flashes or shifts.
 *
 * Never part of the server's HTML, nor of the render that hydrates it: how old the data is
 * depends on the clock of whoever looks, and the service worker's copy of a page may be a day
 * old. The badge appears in the render right after hydration (useHydrated).
 */
export function StaleBadge({ show, at }: { show: boolean; at?: number }) {
  const hydrated = useHydrated();
  const fresh = at !== undefined && (at === pageDataAt || Date.now() - at < FRESH_MS);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!show || !fresh) return undefined;
    const timer = setTimeout(() => setWaited(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [show, fresh]);
  if (!hydrated || !show || (fresh && !waited)) return null;
  return (
    <Badge title={STALE_BADGE_TITLE} data-testid="stale-badge">
      {staleBadgeText(at)}
    </Badge>
  );
}
