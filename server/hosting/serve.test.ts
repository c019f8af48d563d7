import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../shared/data/config.ts';
import { startHosting } from './serve.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const INLINE = "\n      window.__early = fetch('/config.json');\n    ";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A site laid out as the build lays it out (names as Vite writes them), plus stray dotfiles. */
const SHELL_FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index-AbC-dE12.js"></script></head><body></body></html>`,
  'assets/index-AbC-dE12.js': 'export {};',
  'assets/index-B8iXlVNu.js': 'export {};',
  'assets/__federation_shared_@satta/shared/data/config--k0n_PKa.js': 'export {};',
  'assets/NotoSansDevanagari-Regular.subset-DnR_tPU4.woff2': 'font',
  'sw.js': 'self.addEventListener("push", () => {});',
  'icons/notification-192.png': 'png',
  'fonts/OFL.txt': 'licence',
  '.env': 'SECRET=shell',
  '.git/config': '[core] secret',
  '.build-stamp': '123',
};
const REMOTE_FILES: Record<string, string> = {
  'remoteEntry.js': 'export {};',
  'index.html': '<!doctype html><p>remote</p>',
  '__federation_expose_Dashboard-Cwd-UPRk.js': 'export {};',
  '__federation_shared_rxjs/operators-r-XO6wrl.js': 'export {};',
  '.vite/manifest.json': '{"secret":true}',
};

const CONFIG: RuntimeConfig = {
  firebase: {
    apiKey: 'k',
    authDomain: 'demo.firebaseapp.com',
    projectId: 'demo',
    databaseURL: 'http://127.0.0.1:9000?ns=demo',
    appId: 'a',
  },
  emulators: { auth: 'http://127.0.0.1:9099', database: { host: '127.0.0.1', port: 9000 } },
  notifyUrl: 'http://127.0.0.1:5055',
  remotes: { 'mf-chart': '/remotes/mf-chart/remoteEntry.js', 'mf-agents': 'http://127.0.0.1:4321/remotes/mf-agents/remoteEntry.js' },
};

function writeTree(dir: string, files: Record<string, string>): void {
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
}

let temp: string;
let hosting: Awaited<ReturnType<typeof startHosting>>;

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'hosting-test-'));
  writeTree(join(temp, 'shell'), SHELL_FILES);
  writeTree(join(temp, 'mf-chart'), REMOTE_FILES);
  hosting = await startHosting({
    port: 0,
    mounts: { '/': join(temp, 'shell'), '/remotes/mf-chart': join(temp, 'mf-chart') },
    config: CONFIG,
  });
});

afterAll(async () => {
  await hosting?.close();
  rmSync(temp, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${hosting.url}${path}`);

describe('static host: requests it must refuse', () => {
  it('answers 400 to a malformed percent-escape instead of 500', async () => {
    for (const path of ['/%E0%A4%A', '/%zz', '/assets/%E0%A4%A.js', '/remotes/mf-chart/%C0']) {
      const response = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
  });

  it('answers 404 to dotfiles and anything inside a dot-folder, however the dot is written', async () => {
    for (const path of [
      '/.env',
      '/.git/config',
      '/.build-stamp',
      '/%2eenv',
      '/assets/..%2f.env',
      '/remotes/mf-chart/.vite/manifest.json',
      '/.well-known/x',
    ]) {
      const response = await get(path);
      const body = await response.text();
      expect({ path, status: response.status, body }).toEqual({ path, status: 404, body: 'Not found' });
    }
  });
});

describe('static host: cache rule', () => {
  it('content-hashed build files are immutable, whatever characters the hash has', async () => {
    for (const path of [
      '/assets/index-AbC-dE12.js',
      '/assets/index-B8iXlVNu.js',
      '/assets/__federation_shared_@satta/shared/data/config--k0n_PKa.js',
      '/assets/NotoSansDevanagari-Regular.subset-DnR_tPU4.woff2',
      '/remotes/mf-chart/__federation_expose_Dashboard-Cwd-UPRk.js',
      '/remotes/mf-chart/__federation_shared_rxjs/operators-r-XO6wrl.js',
    ]) {
      const response = await get(path);
      expect({ path, status: response.status, cache: response.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cache: IMMUTABLE,
      });
    }
  });

  it('pages, remoteEntry.js, /config.json, /sw.js and other unhashed files revalidate', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/dashboard',
      '/chart/gali',
      '/config.json',
      '/sw.js',
      '/icons/notification-192.png',
      '/fonts/OFL.txt',
      '/remotes/mf-chart/remoteEntry.js',
      '/remotes/mf-chart/index.html',
    ]) {
      const response = await get(path);
      expect({ path, status: response.status, cache: response.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cache: 'no-cache',
      });
    }
  });
});

describe('static host: security headers', () => {
  it('every response, pages and assets and errors alike, forbids sniffing and framing', async () => {
    for (const path of [
      '/',
      '/dashboard',
      '/config.json',
      '/assets/index-AbC-dE12.js',
      '/remotes/mf-chart/remoteEntry.js',
      '/missing.js',
      '/%zz',
    ]) {
      const { headers } = await get(path);
      expect({
        path,
        nosniff: headers.get('x-content-type-options'),
        frame: headers.get('x-frame-options'),
        referrer: headers.get('referrer-policy'),
        ancestors: /(^|; )frame-ancestors 'none'(;|$)/.test(headers.get('content-security-policy') ?? ''),
      }).toEqual({ path, nosniff: 'nosniff', frame: 'DENY', referrer: 'strict-origin-when-cross-origin', ancestors: true });
    }
  });

  it("a page's CSP allows its own inline script by hash and exactly the origins /config.json names", async () => {
    for (const path of ['/', '/dashboard']) {
      const csp = (await get(path)).headers.get('content-security-policy');
      expect(csp).toBe(
        [
          "default-src 'self'",
          `script-src 'self' ${INLINE_HASH} http://127.0.0.1:4321 http://127.0.0.1:9000`,
          "style-src 'self' 'unsafe-inline' http://127.0.0.1:4321",
          "img-src 'self' data: blob: http://127.0.0.1:4321",
          "font-src 'self' http://127.0.0.1:4321",
          "connect-src 'self' http://127.0.0.1:9000 ws://127.0.0.1:9000 http://127.0.0.1:9099 http://127.0.0.1:5055 http://127.0.0.1:4321",
          "frame-src 'self' http://127.0.0.1:9000 http://127.0.0.1:9099",
          "worker-src 'self'",
          "manifest-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
      );
    }
  });

  it('a production config (no emulators) gets the Firebase and Google origins', async () => {
    const production: RuntimeConfig = {
      firebase: {
        apiKey: 'k',
        authDomain: 'demo.firebaseapp.com',
        projectId: 'demo',
        databaseURL: 'https://demo-default-rtdb.asia-southeast1.firebasedatabase.app',
        appId: 'a',
      },
      notifyUrl: 'https://notify.example.com',
      remotes: { 'mf-chart': 'https://chart.example.com/remotes/mf-chart/remoteEntry.js' },
    };
    const server = await startHosting({ port: 0, mounts: { '/': join(temp, 'shell') }, config: production });
    try {
      const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe(
        `script-src 'self' ${INLINE_HASH} https://chart.example.com https://*.firebasedatabase.app https://*.firebaseio.com https://apis.google.com`,
      );
      expect(directive('connect-src')).toBe(
        "connect-src 'self' https://*.firebasedatabase.app wss://*.firebasedatabase.app https://*.firebaseio.com wss://*.firebaseio.com " +
          'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://notify.example.com https://chart.example.com',
      );
      expect(directive('frame-src')).toBe(
        "frame-src 'self' https://*.firebasedatabase.app https://*.firebaseio.com https://demo.firebaseapp.com",
      );
    } finally {
      await server.close();
    }
  });
});

/** firebase.json's hosting.headers as Firebase applies them (the emulator's own middleware). */
interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}
type Middleware = (req: IncomingMessage & { superstatic?: { headers: HeaderRule[] } }, res: ServerResponse, next: () => void) => void;

describe('firebase.json mirrors the local host', () => {
  const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: HeaderRule[]; ignore: string[] };
  };
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const require = createRequire(join(ROOT, 'package.json'));
    const middleware = (require('superstatic/lib/middleware/headers.js') as (spec: object) => Middleware)({});
    server = createServer((req, res) => {
      // The middleware rewrites the rules it is given, so each request gets a fresh copy.
      Object.assign(req, { superstatic: { headers: structuredClone(firebase.hosting.headers) } });
      middleware(req, res, () => res.writeHead(200).end());
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it('sends the same cache and security headers for the same paths', async () => {
    // Files only: the pages ('/', '/dashboard', ...) are the render service's answers on Hosting.
    const paths = [
      '/config.json',
      '/sw.js',
      '/icons/notification-192.png',
      '/fonts/OFL.txt',
      '/assets/index-AbC-dE12.js',
      '/assets/__federation_shared_@satta/shared/data/config--k0n_PKa.js',
      '/assets/NotoSansDevanagari-Regular.subset-DnR_tPU4.woff2',
      '/remotes/mf-chart/remoteEntry.js',
      '/remotes/mf-chart/index.html',
      '/remotes/mf-chart/__federation_shared_rxjs/operators-r-XO6wrl.js',
    ];
    for (const path of paths) {
      const [local, deployed] = await Promise.all([get(path), fetch(`${url}${path}`)]);
      const pick = (h: Headers) => ({
        path,
        cache: h.get('cache-control'),
        nosniff: h.get('x-content-type-options'),
        frame: h.get('x-frame-options'),
        referrer: h.get('referrer-policy'),
      });
      expect(pick(deployed.headers)).toEqual(pick(local.headers));
    }
    expect((await fetch(`${url}/remotes/mf-chart/remoteEntry.js`)).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends Strict-Transport-Security on every response, the render service’s pages and the files alike', async () => {
    for (const path of [
      '/',
      '/chart/gali/2026',
      '/dashboard',
      '/config.json',
      '/sw.js',
      '/assets/index-AbC-dE12.js',
      '/remotes/mf-chart/remoteEntry.js',
    ]) {
      const response = await fetch(`${url}${path}`);
      expect({ path, hsts: response.headers.get('strict-transport-security') }).toEqual({
        path,
        hsts: 'max-age=63072000; includeSubDomains',
      });
    }
  });

  it('leaves the caching of the render service’s answers to the service (no Cache-Control of its own)', async () => {
    for (const path of [
      '/',
      '/chart',
      '/chart/gali/2026',
      '/contact',
      '/dashboard',
      '/sitemap.xml',
      '/robots.txt',
      '/feed.json',
      '/feed.xml',
    ]) {
      const response = await fetch(`${url}${path}`);
      expect({ path, cache: response.headers.get('cache-control') }).toEqual({ path, cache: null });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('has a production CSP: no inline script but the hashed ones of shell/index.html, Firebase and Google origins, no framing', async () => {
    const csp = (await fetch(`${url}/dashboard`)).headers.get('content-security-policy') ?? '';
    const html = readFileSync(join(ROOT, 'shell/index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
    );
    expect(inline).toHaveLength(2);
    expect(csp).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${inline.join(' ')} https://*.firebasedatabase.app https://*.firebaseio.com https://apis.google.com`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self' https://*.firebasedatabase.app wss://*.firebasedatabase.app https://*.firebaseio.com wss://*.firebaseio.com https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
        "frame-src 'self' https://*.firebasedatabase.app https://*.firebaseio.com https://*.firebaseapp.com",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    expect(firebase.hosting.ignore).toContain('**/.*');
  });
});
