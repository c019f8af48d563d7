import { NAV_CHART, NAV_CONTACT, NAV_HOME, NAV_SIGN_IN } from '@satta/shared/domain/messages';
import { PATHS, type RoutePath } from '@satta/shared/domain/routes';
import { SITE_NAME_EN } from './strings.ts';

/**
 * The shell's routes (docs/product.md, Routes): the site's addresses are written once, in
 * shared/domain/routes.ts, which the remotes and the render service read too.
 */
export { PATHS, type RoutePath };

/** Document title per route; a distinct, descriptive title for each page. */
export const TITLES: Record<RoutePath, string> = {
  [PATHS.home]: `${SITE_NAME_EN} – आज का रिज़ल्ट`,
  [PATHS.chart]: `Chart – ${SITE_NAME_EN}`,
  [PATHS.contact]: `Contact – ${SITE_NAME_EN}`,
  [PATHS.signIn]: `Sign In – ${SITE_NAME_EN}`,
  [PATHS.dashboard]: `Dashboard – ${SITE_NAME_EN}`,
  [PATHS.luckyNumber]: `Lucky Number – ${SITE_NAME_EN}`,
  [PATHS.corrections]: `संशोधित रिज़ल्ट (Corrections) – ${SITE_NAME_EN}`,
};
export const NOT_FOUND_TITLE = `Page not found – ${SITE_NAME_EN}`;

/** The navigation, in its order (docs/product.md, Page frame). */
export const NAV_ITEMS: readonly { path: RoutePath; label: string; also?: readonly RoutePath[] }[] = [
  { path: PATHS.home, label: NAV_HOME },
  { path: PATHS.chart, label: NAV_CHART },
  { path: PATHS.contact, label: NAV_CONTACT },
  { path: PATHS.signIn, label: NAV_SIGN_IN, also: [PATHS.dashboard] },
];
