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

/** Shown to search engines and link previews (index.html, the page without a server render, has the same text). */
export const META_DESCRIPTION = 'आज का सट्टा किंग रिज़ल्ट, चार्ट और खाईवाल जानकारी — केवल जानकारी के लिए। Informational only, 18+.';
export const NOT_FOUND_DESCRIPTION = `यह पेज नहीं मिला। This page does not exist – ${SITE_NAME_EN}.`;

/** A page's head as the render service writes it: `canonicalPath` null for a page not to be indexed. */
export interface ShellPageHead {
  title: string;
  description: string;
  canonicalPath: string | null;
}

/**
 * The head of a page the shell renders: a route of PATHS, or else the not-found page. The shell
 * decides its pages, as mf-chart decides its chart addresses; the render service asks.
 */
export function pageHead(path: string): ShellPageHead {
  const title = (TITLES as Record<string, string>)[path];
  if (title === undefined) return { title: NOT_FOUND_TITLE, description: NOT_FOUND_DESCRIPTION, canonicalPath: null };
  return { title, description: META_DESCRIPTION, canonicalPath: path };
}

/** The navigation, in its order (docs/product.md, Page frame). */
export const NAV_ITEMS: readonly { path: RoutePath; label: string; also?: readonly RoutePath[] }[] = [
  { path: PATHS.home, label: NAV_HOME },
  { path: PATHS.chart, label: NAV_CHART },
  { path: PATHS.contact, label: NAV_CONTACT },
  { path: PATHS.signIn, label: NAV_SIGN_IN, also: [PATHS.dashboard] },
];
