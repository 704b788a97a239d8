// TRUST_PROXY: which peers may tell the server the client's address (X-Forwarded-For), protocol and
// path prefix. One hop (`true`) trusts whoever is in front; a list trusts only those addresses.
import net from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

/** Fastify's `trustProxy` for the setting. */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (setting === false) return false;
  // The client is the address the proxy in front appended to X-Forwarded-For, not the left-most one,
  // which any client can write itself.
  if (setting === 'one-hop') return (_address: string, hop: number) => hop === 0;
  // proxy-addr walks X-Forwarded-For from the right while the hop is one of these.
  return setting;
}

/** Whether the peer at `address` (the socket's) may send X-Forwarded-* headers. */
export function trustsPeer(setting: TrustProxy, address: string | undefined): boolean {
  if (setting === false || !address) return false;
  if (setting === 'one-hop') return true;
  const list = new net.BlockList();
  for (const entry of setting) {
    const [host, prefix] = entry.split('/');
    const type = net.isIP(host) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(host, type);
    else list.addSubnet(host, Number(prefix), type);
  }
  const plain = address.replace(/^::ffff:(?=\d+\.)/, '');
  return list.check(plain, net.isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}
