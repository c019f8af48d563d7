import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { DataProvider, type RuntimeConfig } from '@satta/shared/data';
import { renderSource, type Snapshot } from './snapshot.ts';
import { escapeHtml, headTags, scriptJson, type PageHead } from './seo.ts';
import type { ShellServerBundle } from './bundles.ts';
import type { WidgetLookup } from './widgets.ts';

export { scriptJson } from './seo.ts';

export interface RenderedPage {
  html: string;
  /** The cache entries the widgets read, inlined in the page and compared before re-rendering. */
  data: Record<string, unknown>;
}

/**
 * One first paint, of the whole page: the browser draws nothing until the main content has been
 * parsed (Chromium; others ignore it). Painted part by part (the splash alone, then the header,
 * then the rest), the page was laid out three times over, and a slow phone spent some 200 ms of
 * layout after its first paint instead of once before it. The target is the footer, the first
 * element after <main>: Chromium lets the page paint as soon as the target's start tag is parsed,
 * and with <main> itself as the target a busy phone painted the header and an empty table (1 load
 * in 20 under load). The server's page has all of <main> within its first round trip (10 KB gzip
 * on /). Only here: a page the browser renders itself (index.html as it is, /signin and
 * /dashboard) has no #footer in its HTML, and Chromium warned that it never found it.
 */
const FIRST_PAINT_AFTER_MAIN = '<link rel="expect" href="#footer" blocking="render" />';

/**
 * One route as a whole document: the shell's index.html (its head, its scripts) with the page
 * frame and the remotes' widgets rendered into #root, their styles in <head>, the page's own
 * title, description, canonical address, Open Graph tags and structured data, and the data the
 * widgets were rendered from in a non-executed JSON script for the client's data service.
 */
export function renderPage(options: {
  template: string;
  shell: ShellServerBundle;
  widgets: WidgetLookup;
  url: string;
  head: PageHead;
  snapshot: Snapshot;
  /** The site's runtime config (its timezone); the render reads no database. */
  config: RuntimeConfig;
}): RenderedPage {
  const { template, shell, widgets, url, head, snapshot, config } = options;
  const source = renderSource(snapshot, config);
  const sheet = new ServerStyleSheet();
  let body: string;
  let styles: string;
  try {
    // Every widget reaches the data through useData, which takes the provided data service (the
    // page's own, reading the snapshot): nothing global is swapped while a page renders.
    const page = createElement(DataProvider, { value: source }, createElement(shell.ServerPage, { url, widgets }));
    body = renderToString(sheet.collectStyles(page));
    styles = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
  const data = Object.fromEntries(source.served);
  // The client's cache gets the data service's entries, and its chart the span of its game.
  const dataScript = `<script type="application/json" id="${shell.SERVER_DATA_ID}">${scriptJson({ at: snapshot.at, today: snapshot.todayKey, entries: data })}</script>`;
  // Replaced by functions: a `$` in the data must not be read as a replacement pattern.
  const html = template
    .replace(/<html[^>]*>/, () => '<html lang="hi">')
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />${headTags(head)}`,
    )
    .replace('</head>', () => `${FIRST_PAINT_AFTER_MAIN}${styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${dataScript}`);
  return { html, data };
}
