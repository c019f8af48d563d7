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

/**
 * What the per-address limits count for a client address: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4 address), an IPv6 address by its /64. One household or
 * one server is given a whole /64, so counting its 2^64 addresses one by one would give it an
 * unlimited budget.
 */
export function addressBucket(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!plain.includes(':')) return plain;
  const groups = expandIPv6(plain);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : plain;
}

/** The eight 16-bit groups of an IPv6 address (no leading zeros), or null when it is none. */
function expandIPv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const last = tail.length ? tail : head;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(last[last.length - 1] ?? '');
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
}
