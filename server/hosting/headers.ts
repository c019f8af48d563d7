import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '../../shared/data/config.ts';

/**
 * Response headers of the local host: security headers, a Content-Security-Policy built from
 * the runtime configuration the host serves, and the cache rule. firebase.json writes the same
 * rules for Firebase Hosting (with production origins); serve.test.ts checks that they agree.
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
 * Files whose names carry Vite's content hash (`[name]-[hash].[ext]`, the hash being 8
 * base64url characters, so it may contain `-` and `_`): the shell's `/assets/` and everything a
 * remote emits under `/remotes/<name>/` except `remoteEntry.js`. Only these may be cached for
 * good; firebase.json has the same expression as its immutable rule.
 */
const HASHED_ASSET =
  /^\/(assets|remotes\/[^/]+)\/([^/]+\/)*[^/]+-[A-Za-z0-9_-]{8}\.(js|mjs|css|woff2?|ttf|otf|png|jpe?g|gif|svg|webp|avif|ico|wasm)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** HTML, remoteEntry.js, /config.json, /sw.js and every other unhashed file revalidate. */
export function cacheControl(urlPath: string): string {
  return HASHED_ASSET.test(urlPath) ? IMMUTABLE : 'no-cache';
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
  return [`http://${emulator.host}:${emulator.port}`, `ws://${emulator.host}:${emulator.port}`];
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
