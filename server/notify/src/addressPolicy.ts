import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a push request may connect to: public unicast only. A push endpoint is untrusted
 * input (anyone can subscribe), so a name that resolves to this machine, the cloud metadata
 * server or a private network must not be reached however it is spelled (a trailing dot,
 * `*.nip.io`, an IPv4-mapped or IPv4-compatible IPv6 address, DNS rebinding between check and
 * use). The check runs on the address the socket actually connects to.
 */
// One list per family: a BlockList matches an IPv4 address against IPv6 rules through its
// IPv4-mapped form, so ::/3 in a shared list would refuse every IPv4 address.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata server
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // Everything outside 2000::/3 (global unicast): ::, ::1, IPv4-mapped ::ffff:0:0/96,
  // IPv4-compatible ::/96 ([::7f00:1] is 127.0.0.1), NAT64 64:ff9b::/96, unique-local fc00::/7,
  // link-local fe80::/10 ([fe90::1] too), multicast ff00::/8.
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 32], // Teredo: tunnels to an IPv4 address of the sender's choice
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address, private ones included
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');
const LOOPBACK_V6 = new BlockList();
LOOPBACK_V6.addAddress('::1', 'ipv6');

/** Whether a push request may connect to `address`; loopback only with the local emulators. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const [notPublic, loopback, type] =
    family === 4 ? [NOT_PUBLIC_V4, LOOPBACK_V4, 'ipv4' as const] : [NOT_PUBLIC_V6, LOOPBACK_V6, 'ipv6' as const];
  if (allowLoopback && loopback.check(address, type)) return true;
  return !notPublic.check(address, type);
}

/** A connection was refused because of where it would go, not because the host failed. */
export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address; not connecting`);
    this.name = 'RefusedAddressError';
  }
}

export type Resolve = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * A `lookup` for sockets that resolves the name itself and fails the connection when any of its
 * addresses is not allowed, so the address that was checked is the one connected to. Every
 * address is checked, not only the first: the socket may try the others (happy eyeballs).
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      const refused = wanted.find((a) => !isAllowedAddress(a.address, allowLoopback));
      if (refused) return callback(new RefusedAddressError(hostname, refused.address), '', 0);
      const [first] = wanted;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      // Node asks for every address when it may try several (options.all), otherwise for one.
      if (options.all) return callback(null, wanted);
      callback(null, first.address, first.family);
    });
  };
}
