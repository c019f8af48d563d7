/**
 * Design tokens of the whole site. Colours are CSS custom properties so that every remote can
 * use them with a fallback (`var(--color-text, #1a1a1a)`) and still look right on its own.
 */
export const COLORS = {
  '--color-page': '#f4f1ea',
  '--color-surface': '#ffffff',
  '--color-text': '#1a1a1a',
  '--color-muted': '#5f5f5f',
  '--color-border': '#d0d0d0',
  '--color-focus': '#1565c0',
  '--color-brand': '#7b1f1f',
  '--color-brand-text': '#ffffff',
  '--color-accent': '#f9a825',
  '--color-nav-bg': '#7b1f1f',
  '--color-nav-text': '#fff5e6',
  '--color-nav-active-bg': '#f9a825',
  '--color-nav-active-text': '#2b1100',
  '--color-banner-bg': '#fff8e1',
  '--color-banner-text': '#3e2723',
  '--color-cta-bg': '#0d47a1',
  '--color-cta-text': '#ffffff',
  '--color-table-head': '#7b1f1f',
  '--color-table-head-text': '#ffffff',
  '--color-table-side': '#fdf3e7',
  '--color-result': '#1b7f2a',
  '--color-wait': '#c62828',
  /** The other end of 'Wait...'s pulse: darker, never fainter, so the text keeps its contrast. */
  '--color-wait-deep': '#7a1212',
  '--color-stale-bg': '#fff3cd',
  '--color-stale-text': '#6d4c00',
  '--color-offline-bg': '#fde7e9',
  '--color-offline-text': '#8a1c24',
  '--color-success-bg': '#e6f4ea',
  '--color-success-text': '#1e4620',
  '--color-error-bg': '#fde7e9',
  '--color-error-text': '#8a1c24',
} as const;

export type ColorVar = keyof typeof COLORS;

/** `var(--name, fallback)` for a token, so a component renders right even outside the shell. */
export function color(name: ColorVar): string {
  return `var(${name}, ${COLORS[name]})`;
}

/** The declarations for `:root`. */
export const ROOT_CSS_VARIABLES = Object.entries(COLORS)
  .map(([name, value]) => `${name}: ${value};`)
  .join('\n');

/** Small screens get the bottom navigation bar and single-column layouts. */
export const MOBILE_MAX_WIDTH = 640;
export const onMobile = `@media (max-width: ${MOBILE_MAX_WIDTH}px)`;
export const onDesktop = `@media (min-width: ${MOBILE_MAX_WIDTH + 1}px)`;

/** Height of the fixed bottom navigation bar, which pages keep clear of on small screens. */
export const BOTTOM_NAV_HEIGHT = '3.75rem';

/**
 * The self-hosted Devanagari face comes first: its @font-face has a Devanagari unicode-range,
 * so the browser uses it (and downloads it) only for Hindi characters, and Latin text falls
 * through to the system fonts. Listed after them, a system Devanagari font would win instead.
 */
export const FONT_FAMILY_DEVANAGARI = 'Noto Sans Devanagari Subset';
/** The device's own fonts (Devanagari too: every phone has a face for it). */
export const SYSTEM_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
export const FONT_STACK = `'${FONT_FAMILY_DEVANAGARI}', ${SYSTEM_FONT_STACK}`;
/**
 * The class index.html sets on <html> once this browser has the face (localStorage FONT_KEY):
 * only then does the page name it. A first visit draws with the device's fonts and requests
 * nothing but the page before its first paint; the face is fetched after the app has started.
 */
export const FONT_CLASS = 'satta-font';
export const FONT_KEY = 'satta.font';

/**
 * The tokens by role, for the compact controls of forms and dashboards (`controls.ts`): each is
 * the CSS variable with its fallback, so a form mounted on its own in a test still looks right.
 */
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
