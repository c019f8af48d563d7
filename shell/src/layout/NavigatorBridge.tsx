import { useCallback, useEffect } from 'react';
import { announceLocation, useLentNavigator, type NavigateOptions } from '@satta/shared/ui';
import { useLocation, useNavigate } from '../router/router.tsx';

/**
 * Lends the shell's router to the remotes' links and redirects, and tells them when the
 * location changed (useCurrentPath), so that e.g. the chart follows /chart/{game}/{year}.
 */
export function NavigatorBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useLentNavigator(useCallback((to: string, options?: NavigateOptions) => void navigate(to, options), [navigate]));
  useEffect(announceLocation, [location.key]);
  return null;
}
