import { isIPv4, isIPv6 } from 'node:net';

/**
 * What the per-client limits count by: an IPv4 address alone, an IPv6 address by its /64. One
 * line of a home or a phone gets at least a /64 and picks any address in it at will, so counting
 * each address would give one visitor 2^64 clients. IPv4-mapped IPv6 (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports for an IPv4 peer) is that IPv4 address. Anything that is no address
 * (a missing peer) counts as itself.
 */
export function clientKey(address: string): string {
  // A zone (`fe80::1%eth0`) names the server's interface, not the client.
  const plain = address.trim().replace(/%.*$/, '').toLowerCase();
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail spelled out. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const start = parse(head);
  if (tail === undefined) return start;
  const end = parse(tail);
  return [...start, ...Array.from({ length: 8 - start.length - end.length }, () => 0), ...end];
}
