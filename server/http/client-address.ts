import net from 'node:net';

/**
 * The client address that rate limits count by (issue 8 §5): Express's `req.ip` (X-Forwarded-For only from the
 * proxies TRUST_PROXY names), with an IPv4-mapped IPv6 address written as IPv4, and an IPv6 address cut to its /64:
 * one home or host is given a whole /64, so counting by full address would let a client rotate through 2^64
 * buckets.
 */
export function clientAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight hextets of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, 0, 0, 0, 0, 1). */
function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((part) => (parseInt(part, 16) || 0).toString(16));
}
