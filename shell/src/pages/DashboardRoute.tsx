import { useEffect, useRef } from 'react';
import { dataService } from '@satta/shared/data';
import { FIRST_LOG_IN, SIGN_OUT_BUTTON } from '@satta/shared/domain/messages';
import { Button, Card, Message } from '@satta/shared/ui';
import { useNavigate } from '../router/router.tsx';
import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { useUser } from '../auth/useUser.ts';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';
import { CHECKING_SIGN_IN, NOT_ADMIN_EN, NOT_ADMIN_HI } from '../strings.ts';

/**
 * /dashboard: the admin gate. mf-admin is fetched only once a user with the admin claim is
 * known; a visitor sees 'First, Log In', a signed-in non-admin a plain refusal. When the user
 * signs out (from mf-admin's Sign Out or another tab) the page goes home (docs/product.md,
 * Dashboard).
 */
export function DashboardRoute() {
  useDocumentTitle(TITLES[PATHS.dashboard]);
  const state = useUser();
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  const user = state.status === 'known' ? state.user : null;

  useEffect(() => {
    if (user) wasSignedIn.current = true;
    // Only from the dashboard itself: a navigation already made on signing out (mf-admin's Sign
    // In Again goes to /signin) stands.
    else if (state.status === 'known' && wasSignedIn.current && window.location.pathname === PATHS.dashboard) {
      navigate(PATHS.home, { replace: true });
    }
  }, [user, state.status, navigate]);

  if (state.status === 'checking') return <p role="status">{CHECKING_SIGN_IN}</p>;
  if (!user) {
    return (
      <Card>
        <h1>{FIRST_LOG_IN}</h1>
      </Card>
    );
  }
  if (!user.isAdmin) {
    return (
      <Card data-testid="not-admin">
        <Message $tone="error">
          <span lang="hi">{NOT_ADMIN_HI}</span> <span lang="en">{NOT_ADMIN_EN}</span>
        </Message>
        <Button type="button" $variant="secondary" onClick={() => void dataService().admin.signOut()}>
          {SIGN_OUT_BUTTON}
        </Button>
      </Card>
    );
  }
  return <RemoteWidget remote="mf-admin" exposed="Dashboard" />;
}
