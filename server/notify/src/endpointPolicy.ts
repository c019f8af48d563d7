/**
 * Which push endpoints this service stores and sends to. A subscription is untrusted input
 * (anyone can POST one), so in production its endpoint must be an https URL on one of the
 * browsers' push services, by default:
 *   Chrome, Edge on Android, Opera: fcm.googleapis.com
 *   Firefox: *.push.services.mozilla.com
 *   Edge on Windows (WNS): *.notify.windows.com
 *   Safari: *.push.apple.com
 * (NOTIFY_PUSH_HOSTS). `*` allows any public https host; the address a name resolves to is
 * checked when connecting either way (addressPolicy.ts). The local emulators add
 * http://127.0.0.1 and http://localhost, where the tests' fake push service listens.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

export interface EndpointPolicy {
  /** `endpoint` as stored, or parsed already (a fan-out parses each once). */
  allows(endpoint: string | URL): boolean;
  /** The local emulator mode: http://127.0.0.1 endpoints, loopback connections. */
  readonly allowLocal: boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Checks a NOTIFY_PUSH_HOSTS entry: `*`, `host.name` or `*.domain.name`; returns it lowercased. */
export function parseHostPattern(pattern: string): string {
  const lower = pattern.trim().toLowerCase();
  const name = lower.startsWith('*.') ? lower.slice(2) : lower;
  if (lower === '*' || (name.includes('.') && name.split('.').every((label) => LABEL.test(label)))) return lower;
  throw new Error(`notify: NOTIFY_PUSH_HOSTS entry '${pattern}' is not a host name, *.domain or *`);
}

export function createEndpointPolicy(options: { pushHosts: readonly string[]; allowLocal: boolean }): EndpointPolicy {
  const anyHost = options.pushHosts.includes('*');
  const exact = new Set(options.pushHosts.filter((p) => !p.startsWith('*')));
  const suffixes = options.pushHosts.filter((p) => p.startsWith('*.')).map((p) => p.slice(1));
  const hostAllowed = (host: string) => exact.has(host) || suffixes.some((suffix) => host.endsWith(suffix));
  return {
    allowLocal: options.allowLocal,
    allows(endpoint) {
      let url: URL;
      try {
        url = typeof endpoint === 'string' ? new URL(endpoint) : endpoint;
      } catch {
        return false;
      }
      if (url.username || url.password) return false;
      const host = url.hostname.toLowerCase();
      if (options.allowLocal && url.protocol === 'http:' && LOCAL_HOSTS.has(host)) return true;
      // Browsers' endpoints are https on the default port, named by a fully qualified name
      // without a trailing dot; anything else was written by hand.
      if (url.protocol !== 'https:' || url.port !== '') return false;
      if (!host.includes('.') || host.endsWith('.') || host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
      if (anyHost) return !/(^|\.)(localhost|local|internal|svc|home\.arpa)$/.test(host);
      return hostAllowed(host);
    },
  };
}
