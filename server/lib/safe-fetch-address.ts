// Which addresses an outbound fetch of a user-supplied URL may connect to (SSRF guard). Ranges come
// from ipaddr.js, a maintained table of the IANA special-purpose registries, rather than a hand-kept
// list: only globally routable unicast is public. IPv6 forms that carry an IPv4 address (mapped,
// IPv4-compatible, SIIT, NAT64, 6to4, Teredo) reach that IPv4 host, so they are judged by it:
// `[::127.0.0.1]`, `[::ffff:7f00:1]`, `[64:ff9b::a00:1]` and `[2002:7f00:1::]` are all loopback or private.
import net from 'node:net';
import ipaddr from 'ipaddr.js';

const v4 = (hi: number, lo: number) => ipaddr.IPv4.parse(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);

/** The IPv4 addresses an IPv6 address carries (empty when it carries none). */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const inPrefix = (prefix: string, bits: number) => address.match(ipaddr.IPv6.parse(prefix), bits);
  // ::a.b.c.d (IPv4-compatible, deprecated but still parsed by stacks), ::ffff:a.b.c.d (mapped),
  // ::ffff:0:a.b.c.d (SIIT, RFC 6145), 64:ff9b::a.b.c.d (well-known NAT64 prefix, RFC 6052).
  if (inPrefix('::', 96) || inPrefix('::ffff:0:0', 96) || inPrefix('::ffff:0:0:0', 96) || inPrefix('64:ff9b::', 96)) {
    return [v4(p[6]!, p[7]!)];
  }
  if (inPrefix('2002::', 16)) return [v4(p[1]!, p[2]!)]; // 6to4 (RFC 3056): 2002:AABB:CCDD::/48
  // Teredo (RFC 4380): 2001:0:<server v4>:<flags>:<port ^ 0xffff>:<client v4 ^ 0xffffffff>.
  if (inPrefix('2001::', 32)) return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return [];
}

/** True unless the address is globally routable unicast (anything unparsable counts as private). */
export function isPrivateAddress(address: string): boolean {
  if (net.isIP(address) === 0 || !ipaddr.isValid(address)) return true;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const carried = embeddedIPv4(ip as ipaddr.IPv6);
    if (carried.length > 0) return carried.some((a) => a.range() !== 'unicast');
  }
  return ip.range() !== 'unicast';
}
