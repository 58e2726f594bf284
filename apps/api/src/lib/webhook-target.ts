import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may be delivered (issue #23): public addresses only, unless WEBHOOK_ALLOW_PRIVATE_TARGETS allows the
 * rest. Checked twice: when an endpoint is registered (a literal address or a localhost name in its URL), and at every
 * delivery, on every address its host name resolves to, the connection then going to the address that was checked
 * (so a DNS answer that changes between the check and the connection, DNS rebinding, cannot reach an inside address).
 */

/** Ranges that are not the public internet: this machine, private networks, link-local, CGNAT, multicast, reserved. */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** An IP address (v4, or v6 with or without brackets) that is not on the public internet; IPv4-mapped IPv6 by its IPv4 address. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  // Node matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 ranges too.
  return NON_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host name as it is connected to: lowercased, IPv6 without brackets, no trailing dot. */
export function targetHost(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * Why a URL cannot be registered as a webhook endpoint, or null when it can: only http and https, no user name or
 * password in it, and (unless private targets are allowed) not a literal non-public address nor a localhost name.
 * Host names are checked again at delivery, after DNS resolution.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean, privateRefusal: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL must be an http:// or https:// address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'URL must be an http:// or https:// address';
  if (url.username || url.password) return 'URL must not carry a user name or password: the signature authenticates each delivery';
  if (allowPrivate) return null;
  const host = targetHost(url);
  if (isLocalhostName(host) || (isIP(host) !== 0 && isNonPublicAddress(host))) return privateRefusal;
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (tests pass their own). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export class TargetRefused extends Error {}

/**
 * The address a delivery to `url` connects to: its literal address, or the first its host resolves to. Unless private
 * targets are allowed, refused (TargetRefused) when the host is a localhost name or ANY address it resolves to is not
 * public: an attacker's name answering one public and one inside address must not get a second chance.
 */
export async function resolveTarget(url: URL, resolve: Resolve, allowPrivate: boolean): Promise<ResolvedAddress> {
  const host = targetHost(url);
  const family = isIP(host);
  const refused = () => new TargetRefused('The address is on a private network or this machine: webhooks go to public addresses only');
  if (!allowPrivate && isLocalhostName(host)) throw refused();
  const addresses: ResolvedAddress[] = family !== 0 ? [{ address: host, family: family as 4 | 6 }] : await resolve(host);
  if (addresses.length === 0) throw new Error(`The host name ${host} resolves to no address`);
  if (!allowPrivate && addresses.some((a) => isNonPublicAddress(a.address))) throw refused();
  return addresses[0]!;
}
