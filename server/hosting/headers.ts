import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '../../shared/data/config.ts';

/**
 * Response headers of the site, from one source: security headers, a Content-Security-Policy
 * built from the runtime configuration, and the cache rule. The local host (and the render
 * service) apply them per response; `hostingHeaderRules` writes the same rules in firebase.json's
 * form for Firebase Hosting (scripts/hostingHeaders.ts puts them into firebase.json, and
 * serve.test.ts checks that Hosting applying them answers as the local host does).
 */

/** Realtime Database hosts in production. The SDK may be redirected from the project's host to
 * another server of the same domain, hence the wildcards (firebase.json lists the same). */
const PRODUCTION_DATABASE_SOURCES = [
  'https://*.firebasedatabase.app',
  'wss://*.firebasedatabase.app',
  'https://*.firebaseio.com',
  'wss://*.firebaseio.com',
] as const;

/** Where the Auth SDK sends sign-in and token refresh requests when no emulator is configured. */
const GOOGLE_AUTH_ENDPOINTS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'] as const;

/** Sent with every response whatever its type. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // frame-ancestors 'none' in the CSP is the modern form; this covers browsers without it.
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * HTTP Strict Transport Security for the site on Firebase Hosting (HTTPS only, so only there: the
 * local host is plain HTTP, where browsers ignore it anyway): browsers go to https:// for two years
 * without asking http:// first, subdomains included (the notify service and any remote host are
 * HTTPS too). No `preload`: that is a request to be listed in browsers, made once by the owner of
 * the domain, and hard to take back.
 */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Files whose names carry Vite's content hash (`[name]-[hash].[ext]`, the hash being 8
 * base64url characters, so it may contain `-` and `_`): the shell's `/assets/` and everything a
 * remote emits under `/remotes/<name>/` except `remoteEntry.js`. Only these may be cached for
 * good. Written as a string because firebase.json's immutable rule is this expression as text
 * (RegExp#source would escape the slashes).
 */
const HASHED_ASSET_PATTERN = String.raw`^/(assets|remotes/[^/]+)/([^/]+/)*[^/]+-[A-Za-z0-9_-]{8}\.(js|mjs|css|woff2?|ttf|otf|png|jpe?g|gif|svg|webp|avif|ico|wasm)$`;
const HASHED_ASSET = new RegExp(HASHED_ASSET_PATTERN);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * Link preview images (/og/…, made by the render service): each address names its content, so
 * browsers keep one a day and the CDN a week. Hosting's rule for *.png would say no-cache.
 */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=86400, s-maxage=604800';
export const PREVIEW_PATHS = '/og/**';

/** HTML, remoteEntry.js, /config.json, /sw.js and every other unhashed file revalidate. */
export function cacheControl(urlPath: string): string {
  return HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE;
}

/** CSP hash sources of the inline scripts of a page (their text as written, UTF-8). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Origins of the remotes that the runtime config places on another origin than the site. */
function remoteOrigins(config: RuntimeConfig | undefined): string[] {
  const placeholder = 'http://site.invalid';
  return Object.values(config?.remotes ?? {})
    .map((url) => originOf(new URL(url, `${placeholder}/`).href))
    .filter((origin): origin is string => origin !== null && origin !== placeholder);
}

/** The database: the emulator (plain http and ws) or Firebase's production hosts. */
function databaseSources(config: RuntimeConfig | undefined): string[] {
  if (!config) return [];
  const emulator = config.emulators?.database;
  if (!emulator) return [...PRODUCTION_DATABASE_SOURCES];
  const streams = emulator.streamPort === undefined ? [] : [`http://${emulator.host}:${emulator.streamPort}`];
  return [`http://${emulator.host}:${emulator.port}`, `ws://${emulator.host}:${emulator.port}`, ...streams];
}

/**
 * The policy the pages of the site need, and nothing more:
 * - script-src: own files, the inline scripts of the page by hash, remotes on other origins, and
 *   the database host, because when WebSocket fails the database SDK long-polls by adding
 *   `<script>` tags that load from it (in an about:blank iframe, which inherits this policy).
 *   In production the Auth SDK of mobile browsers and Safari also loads Google's API loader and
 *   opens an iframe on the auth domain up front.
 * - style-src 'unsafe-inline': styled-components injects `<style>` elements at run time, and a
 *   static host cannot hand out a per-response nonce.
 * - connect-src: /config.json, the database, the Auth endpoints (or emulator), the notify service.
 * - frame-src: the long-polling transport also frames the database host (its disconnect ping),
 *   and the Auth SDK its iframe (emulator or auth domain).
 * - frame-ancestors 'none': no page of the site may be framed (clickjacking of the dashboard).
 */
export function contentSecurityPolicy(config: RuntimeConfig | undefined, scriptHashes: readonly string[] = []): string {
  const remotes = remoteOrigins(config);
  const database = databaseSources(config);
  const authEmulator = config?.emulators?.auth ? originOf(config.emulators.auth) : null;
  const production = config !== undefined && !authEmulator;
  const authDomain = production && config.firebase.authDomain ? `https://${config.firebase.authDomain}` : null;
  const notify = config?.notifyUrl ? originOf(config.notifyUrl) : null;
  const list = (...sources: (string | null | readonly string[])[]) =>
    [...new Set(sources.flat().filter((s): s is string => s !== null))].join(' ');

  const directives: [string, string][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      list(
        "'self'",
        scriptHashes,
        remotes,
        database.filter((s) => s.startsWith('http')),
        production ? 'https://apis.google.com' : null,
      ),
    ],
    ['style-src', list("'self'", "'unsafe-inline'", remotes)],
    ['img-src', list("'self'", 'data:', 'blob:', remotes)],
    ['font-src', list("'self'", remotes)],
    ['connect-src', list("'self'", database, authEmulator, production ? GOOGLE_AUTH_ENDPOINTS : [], notify, remotes)],
    [
      'frame-src',
      list(
        "'self'",
        database.filter((s) => s.startsWith('http')),
        authEmulator,
        authDomain,
      ),
    ],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** One entry of firebase.json's `hosting.headers`: a glob (`source`) or a `regex`, and its headers. */
export interface HostingHeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

/**
 * Where Hosting must say `no-cache` itself: it lets browsers keep a static file for an hour unless
 * a rule says otherwise, where the local host answers `cacheControl`'s rule for every file. The
 * first glob covers the build's unhashed files by type; /config.json and the fonts' licence text
 * (under /fonts/) are of other types.
 */
const REVALIDATED_FILES = [
  '**/*.@(js|mjs|css|html|webmanifest|png|jpg|jpeg|gif|svg|webp|avif|ico|woff|woff2|ttf|otf|wasm)',
  '/config.json',
  '/fonts/**',
];

/**
 * The headers above as firebase.json's `hosting.headers`, for a site served with `config` whose
 * page template has inline scripts with these hashes. Hosting applies every matching rule and the
 * last one wins for a header, so the immutable rule for content-hashed files comes after the
 * revalidating ones it overrides.
 */
export function hostingHeaderRules(config: RuntimeConfig, scriptHashes: readonly string[]): HostingHeaderRule[] {
  const header = (key: string, value: string) => ({ key, value });
  return [
    {
      source: '**',
      headers: [
        header('Content-Security-Policy', contentSecurityPolicy(config, scriptHashes)),
        ...Object.entries(SECURITY_HEADERS).map(([key, value]) => header(key, value)),
        header('Strict-Transport-Security', HSTS),
      ],
    },
    ...REVALIDATED_FILES.map((source) => ({ source, headers: [header('Cache-Control', REVALIDATE)] })),
    { source: PREVIEW_PATHS, headers: [header('Cache-Control', PREVIEW_CACHE_CONTROL)] },
    // A shell on another origin may load the remotes hosted here (module scripts are fetched with CORS).
    { source: '/**/remoteEntry.js', headers: [header('Access-Control-Allow-Origin', '*')] },
    { regex: HASHED_ASSET_PATTERN, headers: [header('Cache-Control', IMMUTABLE)] },
  ];
}
