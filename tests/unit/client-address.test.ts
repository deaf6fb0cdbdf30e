import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy, trustProxyMessage } from '#src/server/http/client-address.ts';
import { loadConfig } from '#src/server/config.ts';

/** The two things clientAddress reads from a request: the socket's peer and X-Forwarded-For. */
const request = (socket: string, forwarded?: string) =>
  ({
    env: { incoming: { socket: { remoteAddress: socket } } },
    req: { header: (name: string) => (name === 'x-forwarded-for' ? forwarded : undefined) },
  }) as unknown as Context;

const addressWith = (setting: string, socket: string, forwarded?: string) => clientAddress(request(socket, forwarded), parseTrustProxy(setting)!);

describe('the client address behind proxies', () => {
  it('by default believes only the socket', () => {
    expect(addressWith('false', '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(addressWith('false', '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('with one hop (true, or 1) takes the entry our proxy wrote, not what the client sent before it', () => {
    for (const setting of ['true', '1']) {
      expect(addressWith(setting, '10.0.0.2', '198.51.100.20')).toBe('198.51.100.20');
      // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
      expect(addressWith(setting, '10.0.0.2', '1.2.3.4, 198.51.100.20')).toBe('198.51.100.20');
      expect(addressWith(setting, '10.0.0.2', '1.2.3.4,198.51.100.20')).toBe('198.51.100.20');
      // No header: the proxy is the only address we have.
      expect(addressWith(setting, '10.0.0.2')).toBe('10.0.0.2');
    }
  });

  it('counts further hops from the right', () => {
    // Client -> CDN (adds the client) -> load balancer (adds the CDN) -> app.
    expect(addressWith('2', '10.0.0.2', 'spoofed, 198.51.100.20, 192.0.2.50')).toBe('198.51.100.20');
    // Fewer entries than hops: the left-most there is.
    expect(addressWith('3', '10.0.0.2', '198.51.100.20')).toBe('198.51.100.20');
  });

  it('with a list of proxies, takes the right-most address that is not one of them', () => {
    const setting = '10.0.0.0/8, 192.0.2.50, fd00::/8';
    expect(addressWith(setting, '10.0.0.2', 'spoofed, 198.51.100.20, 192.0.2.50')).toBe('198.51.100.20');
    expect(addressWith(setting, '::ffff:10.1.2.3', '198.51.100.20')).toBe('198.51.100.20');
    expect(addressWith(setting, 'fd00::1', '2001:db8::7')).toBe('2001:db8::7');
    // A request that did not come through one of our proxies: its header is the client's own say-so.
    expect(addressWith(setting, '203.0.113.9', '198.51.100.20')).toBe('203.0.113.9');
    // A garbage entry is not a proxy of ours, so it is where the walk stops (and a client can only put it left of the real one).
    expect(addressWith(setting, '10.0.0.2', 'junk, 198.51.100.20')).toBe('198.51.100.20');
  });

  it('stops the server on a setting it does not understand, naming the variable', () => {
    for (const bad of ['yes', '11', '10.0.0.0/33', '10.0.0.1/8/2', 'example.com', '10.0.0.1,,10.0.0.2', '-1']) {
      expect(parseTrustProxy(bad), bad).toBeNull();
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(trustProxyMessage);
    }
    expect(addressWith('0', '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });
});
