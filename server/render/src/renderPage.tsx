import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { withDataService } from '@satta/shared/data';
import { SnapshotSource, type Snapshot } from './snapshot.ts';
import type { ShellServerBundle } from './bundles.ts';
import type { WidgetLookup } from './widgets.ts';

/** Shown to search engines and link previews; the shell's index.html has the same text. */
export const META_DESCRIPTION =
  'आज का सट्टा किंग रिज़ल्ट, चार्ट और खाईवाल जानकारी — केवल जानकारी के लिए। Informational only, 18+.';

export interface RenderedPage {
  html: string;
  /** The cache entries the widgets read, inlined in the page and compared before re-rendering. */
  data: Record<string, unknown>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: `<` escaped so no `</script>` or `<!--` in the data can end the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * One route as a whole document: the shell's index.html (its head, its scripts) with the page
 * frame and the remotes' widgets rendered into #root, their styles in <head>, and the data they
 * were rendered from in a non-executed JSON script for the client's data service.
 */
export function renderPage(options: {
  template: string;
  shell: ShellServerBundle;
  widgets: WidgetLookup;
  url: string;
  snapshot: Snapshot;
  timezone: string;
}): RenderedPage {
  const { template, shell, widgets, url, snapshot, timezone } = options;
  const source = new SnapshotSource(snapshot, timezone);
  const sheet = new ServerStyleSheet();
  let body: string;
  let styles: string;
  try {
    body = withDataService(source, () => renderToString(sheet.collectStyles(createElement(shell.ServerPage, { url, widgets }))));
    styles = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
  const data = Object.fromEntries(source.served);
  const title = shell.TITLES[new URL(url, 'http://x').pathname] ?? shell.TITLES['/'] ?? '';
  const dataScript = `<script type="application/json" id="${shell.SERVER_DATA_ID}">${scriptJson({ at: snapshot.at, entries: data })}</script>`;
  const html = template
    .replace(/<html[^>]*>/, '<html lang="hi">')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(META_DESCRIPTION)}" />`)
    .replace('</head>', `${styles}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>${dataScript}`);
  return { html, data };
}
