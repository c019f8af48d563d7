import { color } from '@satta/shared/ui';

// The site's tokens (CSS variables with fallbacks), so the dashboard matches the shell and
// still renders right when a test mounts one form on its own.
export const colors = {
  ink: color('--color-text'),
  muted: color('--color-muted'),
  line: color('--color-border'),
  panel: color('--color-surface'),
  page: color('--color-page'),
  accent: color('--color-brand'),
  accentInk: color('--color-brand-text'),
  danger: color('--color-wait'),
  success: color('--color-result'),
  focus: color('--color-focus'),
} as const;
