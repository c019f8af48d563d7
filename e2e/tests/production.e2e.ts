import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { siteNow } from '../../shared/domain/siteTime.ts';
import { generateSubscriberKeys } from '../../server/notify/src/testing/subscriberKeys.ts';
import { filesUnder, packageServices, SERVICES, type Service } from '../../scripts/package.ts';
import { freePort, startProcess, type Managed } from '../../scripts/processes.ts';
import { NAMESPACE, PROJECT_ID } from '../../scripts/stack.ts';
import { ownerRest } from '../support/resultsRest.ts';

/*
 * The services as production runs them: `npm run package` writes each image's file tree, each
 * tree is copied to a fresh folder outside the repository, installed with
 * `npm ci --omit=dev`, and started with `node` (no tsx, no TypeScript), against this suite's
 * local database and Auth emulator. Then a smoke test: the home page has today's numbers, a
 * push subscription is accepted, /send-test refuses an anonymous caller, the probes answer,
 * and SIGTERM stops each service cleanly within Cloud Run's grace period.
 */
const { site, database, auth } = inject('e2e');
const GAME = 'Gali';
const NUMBER = '58';
const today = siteNow(new Date(), 'Asia/Kolkata').dateKey;
const owner = ownerRest(database);
const hostOf = (url: string) => new URL(url).host;

const work = mkdtempSync(join(tmpdir(), 'satta-production-'));
const packaged = {} as Record<Service, string>;
const installed = {} as Record<Service, string>;
const running = {} as Record<Service, { managed: Managed; url: string }>;
let resultBefore: unknown = null;
let subscriptionKey: string | undefined;

/** A clean environment: nothing of the test runner's (no tsx hooks in NODE_OPTIONS), production mode. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', NODE_OPTIONS: '', ...extra };
}

beforeAll(async () => {
  const dirs = await packageServices(join(work, 'package'));
  // Both installs at once: each mostly waits on the disk and the npm cache.
  await Promise.all(
    SERVICES.map(async (service) => {
      packaged[service] = dirs[service];
      installed[service] = join(work, `fresh-${service}`);
      cpSync(dirs[service], installed[service], { recursive: true });
      const { code, stderr } = await npmCi(installed[service]);
      if (code !== 0) throw new Error(`npm ci --omit=dev of ${service} failed:\n${stderr}`);
    }),
  );

  resultBefore = await owner(`sattanamee/${GAME}/${today}`);
  await owner(`sattanamee/${GAME}/${today}/number`, 'PUT', NUMBER);

  const config = (await (await fetch(`${site}/config.json`)).json()) as Record<string, unknown>;
  const configFile = join(work, 'config.json');
  writeFileSync(configFile, JSON.stringify(config));
  const [renderPort, notifyPort] = [await freePort(), await freePort()];
  const [render, notify] = await Promise.all([
    startProcess(
      'packaged-render',
      process.execPath,
      ['--enable-source-maps', 'server/server.mjs', '--port', String(renderPort), '--config', configFile, '--mount', '/=shell'],
      {
        cwd: installed.render,
        // Structured logs, as on Cloud Run: the line is a JSON entry of Cloud Logging's format.
        ready: /\{"severity":"INFO","message":"render: listening on (http:\/\/127\.0\.0\.1:\d+)"\}/,
        env: productionEnv({
          LOG_FORMAT: 'json',
          FIREBASE_DATABASE_EMULATOR_HOST: hostOf(database),
          GCLOUD_PROJECT: PROJECT_ID,
          // The remotes' server bundles come from the site, as from Firebase Hosting in production.
          RENDER_SITE: site,
        }),
      },
    ),
    startProcess('packaged-notify', process.execPath, ['--enable-source-maps', 'server/server.mjs', '--port', String(notifyPort)], {
      cwd: installed.notify,
      ready: /\{"severity":"INFO","message":"notify: listening on (http:\/\/127\.0\.0\.1:\d+)"\}/,
      env: productionEnv({
        LOG_FORMAT: 'json',
        FIREBASE_DATABASE_EMULATOR_HOST: hostOf(database),
        FIREBASE_AUTH_EMULATOR_HOST: hostOf(auth),
        GCLOUD_PROJECT: PROJECT_ID,
        NOTIFY_DATABASE_NAMESPACE: NAMESPACE,
        NOTIFY_DATA_DIR: join(work, 'notify-data'),
      }),
    }),
  ]);
  running.render = { managed: render.managed, url: render.match[1] ?? '' };
  running.notify = { managed: notify.managed, url: notify.match[1] ?? '' };
}, 300_000);

afterAll(async () => {
  await Promise.all(Object.values(running).map(({ managed }) => managed.stop()));
  if (subscriptionKey) await owner(`webPushSubscriptions/${subscriptionKey}`, 'DELETE');
  await owner(`sattanamee/${GAME}/${today}`, resultBefore === null ? 'DELETE' : 'PUT', resultBefore ?? undefined);
  rmSync(work, { recursive: true, force: true });
});

/** `npm ci --omit=dev` in `dir`, as the image's build runs it. */
function npmCi(dir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => done({ code: null, stderr: error.message }));
    child.on('close', (code) => done({ code, stderr }));
  });
}

/** Polls `path` until it answers 200 (a service reads its data after it listens). */
async function until200(url: string): Promise<Response> {
  let last: Response | undefined;
  for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((ok) => setTimeout(ok, 200))) {
    last = await fetch(url);
    if (last.status === 200) return last;
  }
  throw new Error(`${url} answered ${last?.status} for 20 s`);
}

describe('the packaged services, as production runs them', () => {
  it('the Dockerfiles COPY only what npm run package wrote, onto a pinned Node 24 base, as a non-root user', () => {
    for (const service of SERVICES) {
      const dockerfile = readFileSync(join(packaged[service], 'Dockerfile'), 'utf8');
      expect(dockerfile).toMatch(/^FROM node:24\.\d+\.\d+-slim$/m);
      expect(dockerfile).toMatch(/^USER node$/m);
      expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
      const sources = dockerfile
        .split('\n')
        .filter((line) => line.startsWith('COPY '))
        .flatMap((line) =>
          line
            .split(/\s+/)
            .slice(1, -1)
            .filter((word) => !word.startsWith('--')),
        );
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) expect(existsSync(join(packaged[service], source)), `${service}: COPY ${source}`).toBe(true);
      // V8's heap limits may come between Node's flags and the server (the render service's fit 512 MiB).
      expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", (?:"--max-[a-z-]+=\d+", )*"server\/server\.mjs"/m);
    }
    expect(readFileSync(join(packaged.render, 'Dockerfile'), 'utf8')).toContain('"--max-old-space-size=256", "--max-semi-space-size=16"');
  });

  it('each installed tree holds no TypeScript and no tsx, and only production dependencies', () => {
    for (const service of SERVICES) {
      const own = filesUnder(installed[service]).filter((file) => !file.startsWith('node_modules/'));
      expect(own.filter((file) => /\.(ts|tsx|mts|cts)$/.test(file))).toEqual([]);
      expect(own).toContain('server/server.mjs');
      for (const devOnly of ['tsx', 'typescript', 'vitest', 'vite', 'esbuild', 'playwright-core']) {
        expect(existsSync(join(installed[service], 'node_modules', devOnly)), `${service}: node_modules/${devOnly}`).toBe(false);
      }
    }
    expect(existsSync(join(installed.notify, 'server/admin-create.mjs'))).toBe(true);
    // The Firebase web SDK is the admin's, in the browser: the render image does not carry it.
    expect(existsSync(join(installed.render, 'node_modules/firebase'))).toBe(false);
    expect(existsSync(join(installed.render, 'node_modules/@firebase/auth'))).toBe(false);
  });

  it('the render service serves the home page with today’s numbers', async () => {
    const row = new RegExp(`<tr data-game="${GAME.toUpperCase()}">.*?</tr>|<tr data-game="${GAME}">.*?</tr>`);
    let html = '';
    for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((ok) => setTimeout(ok, 200))) {
      html = await (await fetch(running.render.url)).text();
      if (html.match(row)?.[0].includes(`>${NUMBER}<`)) break;
    }
    expect(html.match(row)?.[0]).toContain(`>${NUMBER}<`);
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('This website is for information only');
    expect(await (await until200(`${running.render.url}/readyz`)).json()).toEqual({ ok: true });
    expect((await fetch(`${running.render.url}/healthz`)).status).toBe(200);
    // Its link preview image, drawn with the fonts the package ships.
    const image = /<meta property="og:image" content="[^"]*(\/og\/[^"]+\.png)"/.exec(html)?.[1];
    expect(image).toMatch(/^\/og\/home-[\w-]+\.png$/);
    const png = await fetch(`${running.render.url}${image ?? ''}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    // The PNG's header: 1200 x 630.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('the notify service accepts a push subscription and refuses /send-test to an anonymous caller', async () => {
    const keys = generateSubscriberKeys();
    const saved = await fetch(`${running.notify.url}/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'http://127.0.0.1:9/push/packaged-smoke', keys: { p256dh: keys.p256dh, auth: keys.auth } }),
    });
    expect(saved.status).toBe(201);
    const body = (await saved.json()) as { status: string; key: string };
    subscriptionKey = body.key;
    expect(body.status).toBe('saved');
    expect(await owner(`webPushSubscriptions/${body.key}/endpoint`)).toBe('http://127.0.0.1:9/push/packaged-smoke');

    const anonymous = await fetch(`${running.notify.url}/send-test`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe('token-missing');
    expect(await (await until200(`${running.notify.url}/readyz`)).json()).toEqual({ ok: true });
  });

  it('SIGTERM stops each service with exit code 0 within Cloud Run’s 10 s', async () => {
    for (const service of SERVICES) {
      const { child } = running[service].managed;
      const started = performance.now();
      const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  });
});
