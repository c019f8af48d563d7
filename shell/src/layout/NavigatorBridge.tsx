import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLentNavigator } from '@satta/shared/ui';

/** Lends the shell's router to the remotes' links and redirects (see shared/ui/navigation). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useLentNavigator(useCallback((to: string) => void navigate(to), [navigate]));
  return null;
}
