import type { Plugin } from 'vite';

/**
 * The built index.html starts the app only after the page's first paint.
 *
 * A server-rendered page already shows the numbers; the app (the shell's entry, the shared
 * modules, then /config.json, Firebase and the remotes) only makes them live. As `<script
 * type="module">` and `<link rel="modulepreload">` tags in <head> these are some 30 requests that
 * start with the document and compete with it on a slow link, so the first paint waits for
 * bandwidth it does not need. This plugin takes them out of the built page and writes their
 * addresses into `<script type="application/json" id="satta-boot">`, which the constant loader
 * script at the end of index.html's <body> reads to start them, all at once, just after the
 * first frame is painted (a rendered frame, or one second at the latest, e.g. in a background tab).
 *
 * The loader's text never changes with a build, so its CSP hash in firebase.json stays valid.
 */
export const BOOT_DATA_ID = 'satta-boot';

export interface BootData {
  /** The shell's entry module. */
  entry: string;
  /** The modules it imports first, fetched in parallel with it. */
  preload: string[];
}

/** The page with its entry script and module preloads moved into the boot data; null if it has no entry script. */
export function deferBootHtml(html: string): string | null {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry?.[1]) return null;
  const preload: string[] = [];
  let page = html.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
    preload.push(href);
    return '';
  });
  const data: BootData = { entry: entry[1], preload };
  const tag = `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  // Before the loader, which is the last script of the body.
  const loader = page.lastIndexOf('<script>');
  if (loader < 0 || loader < page.indexOf('<body')) return null;
  page = page.slice(0, loader) + tag + page.slice(loader);
  return page;
}

/**
 * The page without its HTML comments, and the line breaks after them: they explain index.html to
 * its readers, and every visitor would download them. Scripts and styles keep theirs.
 */
export function withoutComments(html: string): string {
  return html.replace(/[ \t]*<!--[\s\S]*?-->[ \t]*\n?/g, '');
}

export function deferBoot(): Plugin {
  return {
    name: 'satta-defer-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const asset = bundle['index.html'];
      if (!asset || asset.type !== 'asset') return;
      const page = deferBootHtml(String(asset.source));
      if (page === null) this.error('defer-boot: index.html has no entry script or no loader script at the end of <body>');
      asset.source = withoutComments(page);
    },
  };
}
