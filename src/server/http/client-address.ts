import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * Which addresses in front of the app are our own proxies, as proxy-addr (Express's
 * `trust proxy`) says it: a number of hops counted from the app, or a list of the proxies'
 * addresses and networks. `hop` is 0 for the socket's peer, 1 for the right-most
 * X-Forwarded-For entry, and so on leftwards.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

export const trustProxyMessage =
  'TRUST_PROXY must be false, true (one proxy), a number of proxy hops, or a comma-separated list of proxy addresses and networks (10.0.0.1, 10.0.0.0/8, fd00::/8)';

/** The most proxies we believe can stand in front of the app; more is a typo. */
const MAX_HOPS = 10;

/** An IPv4 address the socket reports in IPv6 form (::ffff:10.0.0.1) is the IPv4 address. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function parseNetwork(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  return prefix <= bits ? { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' } : null;
}

/** Reads TRUST_PROXY; null when the value means nothing we know (the config check then names it). */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  // `true` keeps its old meaning for existing deployments: one proxy, ours, in front.
  const hops = text === 'false' ? 0 : text === 'true' ? 1 : /^\d{1,2}$/.test(text) ? Number(text) : null;
  if (hops !== null) return hops <= MAX_HOPS ? (_address, hop) => hop < hops : null;
  const trusted = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim())) {
    const network = parseNetwork(entry);
    if (!network) return null;
    trusted.addSubnet(network.address, network.prefix, network.family);
  }
  return (address) => {
    const ip = plain(address);
    const version = isIP(ip);
    return version !== 0 && trusted.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The address of the socket's peer: the client itself, or the nearest proxy. */
function socketAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * The client's address for rate limits and logs. X-Forwarded-For is read right to left,
 * from the entry our nearest proxy wrote, and the first address that is not one of our
 * proxies is the client: entries further left were written by the client and prove nothing,
 * so a client cannot choose its address by sending a header of its own.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const socket = socketAddress(c);
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [socket, ...forwarded];
  let hop = 0;
  while (hop < chain.length - 1 && trust(chain[hop]!, hop)) hop += 1;
  return plain(chain[hop]!);
}
