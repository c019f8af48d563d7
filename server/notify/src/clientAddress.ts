/**
 * The address the rate limit counts. Behind `hops` proxies that each append the address they
 * received the request from to X-Forwarded-For, the client is the `hops`-th entry from the right
 * (with the socket's address as entry 0). Entries further left were written by the client and
 * are ignored. If the header has fewer entries than that, the request did not come through all
 * the proxies, and the leftmost address there is (the nearest the header can prove) counts.
 * A hop count is the only safe trust setting when the service is reachable only through its
 * proxies; trusting every hop would let a client name itself.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | string[] | undefined, hops: number): string {
  if (hops <= 0 || forwardedFor === undefined) return socketAddress;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const chain = [
    socketAddress,
    ...header
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse(),
  ];
  return chain[Math.min(hops, chain.length - 1)] ?? socketAddress;
}

/** What the per-address limits count: an IPv4 address, or an IPv6 address's /64 (one helper for every server). */
export { addressBucket } from '../../hosting/connections.ts';
