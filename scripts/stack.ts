import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, startProcess, type Managed } from './processes.ts';
import { startHosting } from '../server/hosting/serve.ts';
import type { RuntimeConfig } from '../shared/data/config.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from '../shared/data/namespace.ts';
import { REMOTE_NAMES, type RemoteName } from '../shared/domain/remotes.ts';
import { DEFAULT_TIMEZONE } from '../shared/domain/siteTime.ts';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const PROJECT_ID = LOCAL_PROJECT_ID;
export const NAMESPACE = LOCAL_NAMESPACE;
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
export const DEMO_VISITOR = { email: 'visitor@example.com', password: 'visitor-demo-2026' };
/** Every remote, from the manifest (shared/domain/remotes.ts). */
export const REMOTES = REMOTE_NAMES;
export type { RemoteName };

interface EmulatorPorts {
  auth: number;
  database: number;
  hosting: number;
  notify: number;
}

/** The ports of firebase.json's `emulators` block: the one place they are written down. */
export function configuredPorts(): EmulatorPorts {
  const json = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, { port?: number }>;
  };
  const port = (key: string, fallback: number) => json.emulators[key]?.port ?? fallback;
  return { auth: port('auth', 9099), database: port('database', 9000), hosting: port('hosting', 5000), notify: port('notify', 5055) };
}

export interface StackOptions {
  /** Fixed ports (npm start) or free ones (tests, the default). */
  ports?: Partial<EmulatorPorts>;
  /** Where the database keeps its files; a fresh temp folder by default. */
  dataDir?: string;
  /** Serve the built site (needs `npm run build`); off for service-only tests. */
  hosting?: boolean;
  /** Remotes served by their own servers (other origins), e.g. to test one going down. */
  separateRemotes?: RemoteName[];
  /** More origins that pages are opened from (npm run dev's proxy), for the notify service's CORS. */
  siteOrigins?: string[];
  /**
   * The database answers stream requests as Firebase does, with a 307 to another host (its second
   * port, in the pages' CSP): the end-to-end suite runs so.
   */
  streamRedirect?: boolean;
  /**
   * false: no notify service (tests of the data service alone, whose pending pushes and
   * scheduled entries nothing must act on); the config then has no notifyUrl or VAPID key.
   */
  notify?: boolean;
  /**
   * The origin of an Auth emulator that is already running (the unit run's one:
   * scripts/sharedAuthEmulator.ts), seeded as this stack would seed its own: the stack starts
   * none, checks that the demo admin can sign in on it, and leaves it running when it stops.
   */
  auth?: string;
  echo?: boolean;
  /**
   * The servers of the built site (the render service, separate remotes) start once this resolves
   * (npm start: the build, running while the services start); a rejection stops the stack.
   */
  siteAfter?: Promise<unknown>;
}

/** A remote on its own server (origin), as a team deploying it alone would have it. */
export interface SeparateRemote {
  url: string;
  /** Takes the remote down (to test a remote that is down) or brings it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Serves another build of the remote from then on (a redeploy); none: its own dist/ again. */
  deploy(dir?: string): Promise<void>;
}

export interface Stack {
  config: RuntimeConfig;
  urls: { site: string | null; auth: string; database: string; notify: string };
  dataDir: string;
  remoteServers: Partial<Record<RemoteName, SeparateRemote>>;
  /**
   * Starts the render service again on the same port, so that it reads a rebuilt shell (its page
   * template and server bundle are read once at start; remotes it re-checks on its own).
   */
  restartSite(): Promise<void>;
  stop(): Promise<void>;
}

/** How often the stack's render service looks for rebuilt remote server bundles. */
export const RENDER_REMOTE_CHECK_MS = 1000;

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const ports: EmulatorPorts = {
    auth: options.auth ? Number(new URL(options.auth).port) : (options.ports?.auth ?? (await freePort())),
    database: options.ports?.database ?? (await freePort()),
    hosting: options.ports?.hosting ?? (await freePort()),
    notify: options.ports?.notify ?? (await freePort()),
  };
  const temp = mkdtempSync(join(tmpdir(), 'satta-stack-'));
  const dataDir = options.dataDir ?? join(temp, 'rtdb');
  mkdirSync(dataDir, { recursive: true });
  const started: Managed[] = [];
  const closers: (() => Promise<void>)[] = [];
  const stop = async () => {
    await Promise.all([...closers.map((c) => c()), ...started.map((m) => m.stop())]);
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    // STACK_CPU_PROF=<folder>: each service writes its CPU profile there when it stops (benches).
    const profile = process.env['STACK_CPU_PROF'];
    const tsx = [...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), '--import', 'tsx'];
    const [auth, rtdb, notify] = await Promise.all([
      options.auth ? authEmulatorReady(options.auth).then(() => null) : startAuthEmulator(ports.auth, temp, options.echo),
      startProcess(
        'rtdb',
        process.execPath,
        [
          ...tsx,
          join(ROOT, 'server/rtdb/src/main.ts'),
          '--port',
          String(ports.database),
          '--host',
          '127.0.0.1',
          '--data',
          dataDir,
          '--rules',
          join(ROOT, 'database.rules.json'),
          '--project',
          PROJECT_ID,
          ...(options.streamRedirect ? ['--stream-redirect'] : []),
        ],
        {
          ready: options.streamRedirect
            ? /rtdb: streams answered 307 to port (\d+)[\s\S]*?rtdb: listening on http:\/\/127\.0\.0\.1:(\d+)/
            : /rtdb: listening on http:\/\/127\.0\.0\.1:(\d+)/,
          echo: options.echo,
        },
      ),
      options.notify === false
        ? null
        : startProcess(
            'notify',
            process.execPath,
            [...tsx, join(ROOT, 'server/notify/src/main.ts'), '--port', String(ports.notify), '--host', '127.0.0.1'],
            {
              // The service prints its VAPID public key before it listens; the page subscribes with it.
              ready: /notify: VAPID public key ([A-Za-z0-9_-]+)[\s\S]*?notify: listening on http:\/\/127\.0\.0\.1:(\d+)/,
              echo: options.echo,
              env: {
                FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
                FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
                GCLOUD_PROJECT: PROJECT_ID,
                NOTIFY_DATABASE_NAMESPACE: NAMESPACE,
                NOTIFY_DATA_DIR: join(dataDir, '..', 'notify'),
                // CORS: the site is the only page origin that calls the service.
                NOTIFY_ALLOWED_ORIGINS: [
                  `http://127.0.0.1:${ports.hosting}`,
                  `http://localhost:${ports.hosting}`,
                  ...(options.siteOrigins ?? []),
                ].join(','),
              },
            },
          ),
    ]);
    started.push(...(auth ? [auth] : []), rtdb.managed, ...(notify ? [notify.managed] : []));

    // What serves the built site (the render service, a separate remote's server) waits for it.
    await options.siteAfter;
    const remoteUrls: Record<string, string> = {};
    const remoteServers: Stack['remoteServers'] = {};
    for (const name of REMOTES) remoteUrls[name] = `/remotes/${name}/remoteEntry.js`;
    for (const name of options.separateRemotes ?? []) {
      const port = await freePort();
      let server: Awaited<ReturnType<typeof startHosting>> | null = null;
      let folder = join(ROOT, name, 'dist');
      const entry = {
        url: `http://127.0.0.1:${port}`,
        start: async () => {
          server ??= await startHosting({ port, mounts: { [`/remotes/${name}`]: folder } });
        },
        stop: async () => {
          await server?.close();
          server = null;
        },
        deploy: async (dir?: string) => {
          await entry.stop();
          folder = dir ?? join(ROOT, name, 'dist');
          await entry.start();
        },
      };
      await entry.start();
      closers.push(() => entry.stop());
      remoteServers[name] = entry;
      remoteUrls[name] = `${entry.url}/remotes/${name}/remoteEntry.js`;
    }

    const config: RuntimeConfig = {
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: `${PROJECT_ID}.firebaseapp.com`,
        projectId: PROJECT_ID,
        databaseURL: `http://127.0.0.1:${ports.database}?ns=${NAMESPACE}`,
        appId: 'demo-app',
      },
      emulators: {
        auth: `http://127.0.0.1:${ports.auth}`,
        database: {
          host: '127.0.0.1',
          port: ports.database,
          ...(options.streamRedirect ? { streamPort: Number(rtdb.match[1]) } : {}),
        },
      },
      ...(notify ? { notifyUrl: `http://127.0.0.1:${ports.notify}`, vapidPublicKey: notify.match[1] } : {}),
      timezone: DEFAULT_TIMEZONE,
      remotes: remoteUrls,
    };

    let site: string | null = null;
    let render: Managed | null = null;
    // The site is served by the render service: public pages rendered on the server from the
    // database's live data, everything else as the static host serves it.
    const startSite = async () => {
      const mounts = ['--mount', `/=${join(ROOT, 'shell/dist')}`];
      for (const name of REMOTES) {
        if (!options.separateRemotes?.includes(name)) mounts.push('--mount', `/remotes/${name}=${join(ROOT, name, 'dist')}`);
      }
      const configFile = join(temp, 'config.json');
      writeFileSync(configFile, JSON.stringify(config));
      const started = await startProcess(
        'render',
        process.execPath,
        [
          ...tsx,
          join(ROOT, 'server/render/src/main.ts'),
          '--port',
          String(ports.hosting),
          '--host',
          '127.0.0.1',
          '--config',
          configFile,
          ...mounts,
        ],
        {
          ready: /render: listening on (http:\/\/127\.0\.0\.1:\d+)/,
          echo: options.echo,
          env: {
            // React's production build, as the service runs in production: a test runner's
            // NODE_ENV ('test' under Vitest) would give it the development build, about three
            // times the CPU a page (server/render/src/production.ts).
            NODE_ENV: 'production',
            FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
            GCLOUD_PROJECT: PROJECT_ID,
            // Games seeded after start show up within a second or two.
            RENDER_RELIST_MS: '1500',
            // A rebuilt remote (npm run build while the site runs) is rendered with its new code at once.
            RENDER_REMOTE_CHECK_MS: String(RENDER_REMOTE_CHECK_MS),
            // tsx applies a tsconfig only to the files it includes: this one has the shared .tsx
            // files too, so they get the automatic JSX runtime.
            TSX_TSCONFIG_PATH: join(ROOT, 'server/render/tsconfig.runtime.json'),
          },
        },
      );
      render = started.managed;
      site = started.match[1] ?? null;
    };
    closers.push(async () => {
      await render?.stop();
    });
    if (options.hosting !== false) await startSite();
    return {
      config,
      urls: {
        site,
        auth: `http://127.0.0.1:${ports.auth}`,
        database: `http://127.0.0.1:${ports.database}`,
        notify: config.notifyUrl ?? '',
      },
      dataDir,
      remoteServers,
      restartSite: async () => {
        if (!render) throw new Error('stack: no site to restart (started with hosting: false)');
        await render.stop();
        render = null;
        await startSite();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * An Auth emulator of its own, as a stack starts one, for stacks that share it (`auth` above).
 * Resolves once it is ready; `stop` ends it and removes its files.
 */
export async function startLoneAuthEmulator(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const temp = mkdtempSync(join(tmpdir(), 'satta-auth-'));
  try {
    const managed = await startAuthEmulator(port, temp);
    return {
      url: `http://127.0.0.1:${port}`,
      stop: async () => {
        await managed.stop();
        rmSync(temp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Resolves once the demo admin can sign in on the Auth emulator at `url`, so the seeded accounts
 * the tests use are there; fails after `timeoutMs`, with the emulator's last answer.
 */
export async function authEmulatorReady(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...DEMO_ADMIN, returnSecureToken: true }),
      });
      if (response.ok) return;
      last = `${response.status} ${(await response.text()).slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`stack: the Auth emulator at ${url} did not let the demo admin sign in within ${timeoutMs / 1000} s (last: ${last})`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * The official Auth emulator, offline, seeded with the demo admin, on the given port. Its hub
 * and logging ports are its own business: if a process outside our reservations took one
 * meanwhile ("port taken"), it starts again on others.
 */
async function startAuthEmulator(port: number, temp: string, echo?: boolean): Promise<Managed> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulatorOnce(port, temp, echo);
    } catch (error) {
      if (attempt >= 3 || !/port taken/i.test(String(error))) throw error;
      console.warn(`stack: the Auth emulator found a port taken; starting it again (attempt ${attempt + 1})`);
    }
  }
}

async function startAuthEmulatorOnce(port: number, temp: string, echo?: boolean): Promise<Managed> {
  const dir = join(temp, 'auth');
  mkdirSync(dir, { recursive: true });
  // The emulator hub and logging ports must not collide with another stack on this machine.
  const [hub, logging] = [await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebaseBin = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const { managed } = await startProcess(
    'auth',
    process.execPath,
    // The preload compiles the emulator's request validators lazily: 4 s of CPU to start, not 16.
    [
      '--import',
      pathToFileURL(join(ROOT, 'scripts/authEmulatorPreload.mjs')).href,
      firebaseBin,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--import',
      join(ROOT, 'server/auth-seed'),
    ],
    { ready: /All emulators ready/, cwd: dir, timeoutMs: 90_000, echo, env: { FIREBASE_CLI_EXPERIMENTS: '', CI: process.env.CI ?? '' } },
  );
  return managed;
}

/**
 * Resolves once the render service's home page was rendered from the database's current live
 * node (its inline `live` has the stored versions): data written just before (a seed) is then in
 * the pages, and a page view starts from it instead of reading it again. Fails after `timeoutMs`.
 */
export async function renderCaughtUp(stack: Stack, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = await fetch(`${stack.urls.database}/live/v.json?ns=${NAMESPACE}`).then((res) => res.text());
    const html = await fetch(`${stack.urls.site}/`).then(
      (res) => res.text(),
      () => '',
    );
    const inline = /<script type="application\/json" id="satta-data">(.*?)<\/script>/s.exec(html)?.[1];
    const rendered = inline === undefined ? undefined : (JSON.parse(inline) as { entries?: { live?: { v?: unknown } } }).entries?.live?.v;
    if (rendered !== undefined && JSON.stringify(sortKeys(rendered)) === JSON.stringify(sortKeys(JSON.parse(stored) ?? {}))) return;
    if (Date.now() > deadline)
      throw new Error(`stack: the rendered home page is not from the current live node after ${timeoutMs / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

/**
 * Resolves once the render service's home page lists every game of `games`. Games written after
 * the service started are listed again only every RENDER_RELIST_MS, so a page rendered just after
 * a seed can have half the list. Fails after `timeoutMs`.
 */
export async function renderListsGames(site: string, games: readonly string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await fetch(`${site}/`).then(
      (res) => res.text(),
      () => '',
    );
    if (games.every((game) => html.includes(`data-game="${game}"`))) return;
    if (Date.now() > deadline) throw new Error(`stack: the rendered home page does not list every game after ${timeoutMs / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

const sortKeys = (value: unknown): unknown =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value;

/** The site of another checkout of this repository, for a benchmark side by side. */
export interface OtherCheckout {
  site: string;
  stop(): Promise<void>;
}

/**
 * Starts the stack of another checkout (`dir`: built, with its node_modules; an older commit, say)
 * with its own scripts, seeded with 400 days of sample data as the benchmarks seed this one.
 */
export async function startOtherCheckout(dir: string): Promise<OtherCheckout> {
  const stackModule = (await import(join(resolve(dir), 'scripts/stack.ts'))) as typeof import('./stack.ts');
  const seedModule = (await import(join(resolve(dir), 'scripts/seed.ts'))) as typeof import('./seed.ts');
  const other = await stackModule.startStack({});
  await seedModule.seedDatabase({ db: other.urls.database, ns: stackModule.NAMESPACE }, seedModule.seedData({ days: 400 }));
  // An older render service may have no catch-up check to wait for: give it the time it takes here.
  await new Promise((ok) => setTimeout(ok, 10_000));
  return { site: other.urls.site ?? '', stop: () => other.stop() };
}
