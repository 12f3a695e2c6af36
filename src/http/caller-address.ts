import ipaddr from 'ipaddr.js';

/**
 * The key a caller's address is rate-limited under (spec 8):
 * IPv4 as it is; an IPv4-mapped IPv6 address as the plain IPv4 address; any other
 * IPv6 address as its /56 prefix, because one subscriber usually holds a whole /56
 * and could otherwise rotate through addresses to dodge a limit.
 * `ip` is Fastify's `request.ip`, which already honours TRUST_PROXY.
 */
export function callerAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const bytes = v6.toByteArray();
  bytes.fill(0, 7); // keep the first 56 bits (7 bytes)
  return `${ipaddr.fromByteArray(bytes).toString()}/56`;
}
