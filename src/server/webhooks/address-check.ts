import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not go: this machine, the private network it sits in, link-local
 * addresses (a cloud's metadata service among them) and the other ranges that are not the
 * public internet. Checked on the address the name resolves to, at the moment of connecting,
 * so a name that resolves to a public address when saved and a private one when sent (DNS
 * rebinding) is still refused. WEBHOOKS_ALLOW_PRIVATE=true lifts it for development and tests.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

export const PRIVATE_ADDRESS = 'The address is on a private or local network, which webhooks may not reach.';

/** Whether an IP address is on the public internet (an IPv4 address inside IPv6 is judged as itself). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A host written as an address (no lookup happens for it): refused here when not public. */
export function literalHostRefused(hostname: string, allowPrivate: boolean): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return !allowPrivate && isIP(bare) !== 0 && !isPublicAddress(bare);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses it when any of its addresses
 * is not public; the connection then goes to the address checked, not to a second lookup's.
 */
export function publicOnlyLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = !allowPrivate && (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)));
      if (refused) return callback(Object.assign(new Error(PRIVATE_ADDRESS), { code: 'EPRIVATE' }), '');
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
