import { isIP } from 'node:net';

/**
 * Whether the service may POST to a push endpoint. Anyone can store a subscription, so an
 * endpoint is untrusted input: production sends only to https URLs on public host names, never
 * to this machine or a private network. Local tests use a fake push service on 127.0.0.1.
 */
export function isAllowedEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowLocal && url.protocol === 'http:' && (host === '127.0.0.1' || host === 'localhost')) return true;
  if (url.protocol !== 'https:') return false;
  return !isPrivateHost(host);
}

function isPrivateHost(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === 'localhost' || lower.endsWith('.localhost') || lower.endsWith('.local') || lower.endsWith('.internal')) return true;
  const version = isIP(lower);
  if (version === 4) {
    const [a = 0, b = 0] = lower.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  if (version === 6) {
    return lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80') ||
      lower.startsWith('::ffff:');
  }
  return false;
}
