import { existsSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, COMMON_INPUTS, SKIP_DIRS, SKIP_PREFIXES, TEST_FILE, buildApps, isStale, type App } from './build.ts';
import { freePort } from './processes.ts';
import { RENDER_REMOTE_CHECK_MS, ROOT, configuredPorts } from './stack.ts';
import { printSite, startLocalSite, stopOnSignal } from './start.ts';

/**
 * `npm run dev`: `npm start`'s site and local backend, plus a loop for working on it. A change to
 * an app's sources rebuilds that app (a change under shared/ or to the common build settings:
 * every app), then the open pages reload themselves.
 *
 * The render service runs on a free port behind a small proxy on the site's usual port. The proxy
 * adds one script to every page, which listens for "reload" on a Server-Sent-Events stream, and
 * makes the service worker stand aside (it would answer a reload from its cache). Nothing of this
 * is in the built apps: they are the same as `npm run build` makes.
 *
 * After a remote's rebuild the render service picks its new server bundle up on its own (it
 * re-checks every RENDER_REMOTE_CHECK_MS); the shell's page frame it reads only at start, so a
 * rebuilt shell restarts it.
 */

export const DEV_CLIENT_PATH = '/__dev/reload.js';
export const DEV_EVENTS_PATH = '/__dev/events';

/** Loaded by every page the proxy serves: reloads the page when told. */
const CLIENT = `// npm run dev (scripts/dev.ts): reloads this page when an app has been rebuilt.
new EventSource('${DEV_EVENTS_PATH}').addEventListener('reload', () => location.reload());
`;

/**
 * Put before the service worker's own code: a listener that runs first and stops the others, so
 * no request is answered from the worker's caches and a reload shows the new build. Push and
 * everything else of the worker stay as they are.
 */
const SERVICE_WORKER_PREFIX = `// npm run dev (scripts/dev.ts): every request goes to the network.
self.addEventListener('fetch', (event) => event.stopImmediatePropagation());
`;

/**
 * The apps that a changed file is part of, by its path relative to the workspace root ('/' or
 * the platform's separator): its own app, every app for shared/ and the common build settings
 * (as scripts/build.ts decides what is stale), none for anything else (tests, outputs, docs).
 */
export function appsForChange(path: string): App[] {
  const parts = path.split(/[\\/]/).filter(Boolean);
  if (parts.length === 0 || TEST_FILE.test(path)) return [];
  if (parts.some((part) => SKIP_DIRS.has(part) || SKIP_PREFIXES.some((prefix) => part.startsWith(prefix)))) return [];
  const [top = ''] = parts;
  if (COMMON_INPUTS.includes(parts.join('/')) || (top === 'shared' && parts.length > 1)) return [...APPS];
  // An app's folder itself changes when its dist/ is swapped in; only what is inside counts.
  if ((APPS as readonly string[]).includes(top) && parts.length > 1) return [top as App];
  return [];
}

/**
 * Folders to watch under `root`: the apps' and shared/'s subfolders recursively (not their
 * node_modules or dist/), the folders themselves, and the folders of the common inputs, each
 * without recursion.
 */
function watchTargets(root: string): { dir: string; recursive: boolean }[] {
  const targets: { dir: string; recursive: boolean }[] = [];
  const common = new Set(COMMON_INPUTS.filter((input) => !input.startsWith('shared')).map((input) => join(root, input, '..')));
  for (const dir of common) if (existsSync(dir)) targets.push({ dir, recursive: false });
  for (const top of ['shared', ...APPS]) {
    const folder = join(root, top);
    if (!existsSync(folder)) continue;
    targets.push({ dir: folder, recursive: false });
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
      targets.push({ dir: join(folder, entry.name), recursive: true });
    }
  }
  return targets;
}

export interface RebuildLoopOptions {
  root: string;
  /** Builds the apps; resolves with the ones it built (none: all were up to date), null when one failed. */
  build(apps: App[]): Promise<App[] | null>;
  /** After a successful build that built something. */
  built(apps: App[]): Promise<void>;
  /** Changes within this time are built together (an editor's save is often several events). */
  debounceMs?: number;
  log?(line: string): void;
}

/**
 * Watches the sources and rebuilds the affected apps, one build at a time: changes that come in
 * during a build are built after it.
 */
export function watchAndRebuild(options: RebuildLoopOptions): { close(): Promise<void> } {
  const log = options.log ?? ((line: string) => console.log(line));
  const pending = new Map<App, string>();
  let timer: NodeJS.Timeout | null = null;
  /** The build under way, if any. */
  let running: Promise<void> | null = null;
  let closed = false;

  const buildPending = async () => {
    const apps = APPS.filter((app) => pending.has(app));
    const why = [...new Set(pending.values())].slice(0, 3).join(', ');
    pending.clear();
    try {
      log(`dev: ${why} changed; rebuilding ${apps.join(', ')}`);
      const built = await options.build(apps);
      if (built === null) log('dev: the build failed (above); fix it and save again');
      else if (built.length === 0) log('dev: nothing to rebuild');
      else await options.built(built);
    } catch (error) {
      log(`dev: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const run = () => {
    if (running || closed || pending.size === 0) return;
    running = buildPending().finally(() => {
      running = null;
      run();
    });
  };

  const onChange = (path: string) => {
    const apps = appsForChange(path);
    if (apps.length === 0 || closed) return;
    for (const app of apps) pending.set(app, path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, options.debounceMs ?? 150);
  };

  const watchers: FSWatcher[] = watchTargets(options.root).map(({ dir, recursive }) =>
    watch(dir, { recursive }, (_event, name) => {
      if (name) onChange(relative(options.root, join(dir, name.toString())).split(sep).join('/'));
    })
      // A watched folder that is deleted ends its watch; the rest go on.
      .on('error', (error) => log(`dev: no longer watching ${relative(options.root, dir)}: ${error.message}`)),
  );
  return {
    /** Stops watching; resolves once a build under way has finished (its output swapped in). */
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      if (running) {
        log('dev: waiting for the build under way to finish');
        await running;
      }
    },
  };
}

export interface DevServer {
  url: string;
  /** Tells every open page to reload; returns how many were told. */
  reload(): number;
  close(): Promise<void>;
}

/**
 * The site as the browser sees it in development: every request passed to `target` (the render
 * service), pages with the reload script added, the service worker with its caching turned off,
 * and the reload event stream.
 */
export async function startDevServer(options: { port: number; host?: string; target: string }): Promise<DevServer> {
  const host = options.host ?? '127.0.0.1';
  const pages = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === DEV_CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      return void res.end(CLIENT);
    }
    if (path === DEV_EVENTS_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': npm run dev\n\n');
      pages.add(res);
      req.on('close', () => pages.delete(res));
      return;
    }
    // Plain bodies, so that a page can be edited on the way.
    const headers: IncomingHttpHeaders = { ...req.headers };
    delete headers['accept-encoding'];
    const upstream = request(new URL(req.url ?? '/', options.target), { method: req.method, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      const edit = type.startsWith('text/html')
        ? addClient
        : path === '/sw.js' && /javascript/.test(type)
          ? (code: string) => SERVICE_WORKER_PREFIX + code
          : null;
      if (!edit || req.method === 'HEAD' || answer.statusCode === 304) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(edit(Buffer.concat(chunks).toString('utf8')));
        const { 'transfer-encoding': _chunked, ...kept } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    upstream.on('error', () => {
      // The render service is restarting (a rebuilt shell): the page reloads once it is back.
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' });
      res.end('npm run dev: the site is restarting; reload in a moment\n');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    reload: () => {
      for (const page of pages) page.write('event: reload\ndata: {}\n\n');
      return pages.size;
    },
    close: () =>
      new Promise<void>((ok) => {
        for (const page of pages) page.end();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A page with the reload script in its head (the render service's CSP allows scripts of the site's own origin). */
export function addClient(html: string): string {
  const tag = `<script src="${DEV_CLIENT_PATH}"></script>`;
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${tag}</head>`) : tag + html;
}

/** Builds the stale ones of `apps`, two at a time (scripts/build.ts). */
async function buildChanged(apps: App[]): Promise<App[] | null> {
  const stale = apps.filter((app) => isStale(app));
  if (stale.length === 0) return [];
  const failed = await buildApps(stale);
  return failed.length ? null : stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { hosting } = configuredPorts();
  // The render service moves to a free port; the site's own port is the proxy's.
  const origins = [`http://127.0.0.1:${hosting}`, `http://localhost:${hosting}`];
  const stack = await startLocalSite({ ports: { hosting: await freePort() }, siteOrigins: origins });
  let dev: DevServer;
  try {
    dev = await startDevServer({ port: hosting, target: stack.urls.site ?? '' });
  } catch (error) {
    console.error(`dev: cannot listen on port ${hosting}: ${error instanceof Error ? error.message : String(error)}`);
    await stack.stop();
    process.exit(1);
  }
  printSite(stack, dev.url);
  const loop = watchAndRebuild({
    root: ROOT,
    build: buildChanged,
    built: async (apps) => {
      if (apps.includes('shell')) {
        console.log('dev: restarting the render service for the new shell');
        await stack.restartSite();
      } else {
        // The render service re-reads the remotes' server bundles on its own timer.
        await new Promise((ok) => setTimeout(ok, 2 * RENDER_REMOTE_CHECK_MS));
      }
      console.log(`dev: ${apps.join(', ')} rebuilt; reloaded ${dev.reload()} open page(s)`);
    },
  });
  console.log(`dev: watching shell/, ${APPS.filter((app) => app !== 'shell').join('/, ')}/ and shared/ for changes`);
  stopOnSignal('dev', async () => {
    await loop.close();
    await dev.close();
    await stack.stop();
  });
}
