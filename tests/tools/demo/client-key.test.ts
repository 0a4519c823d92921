import { describe, expect, test } from 'vitest';
import { clientKey } from '../../../tools/demo/client-key.ts';

describe('clientKey', () => {
  // Each row: an address a peer or nginx's X-Forwarded-For can carry, and what the limits count.
  test.each([
    ['an IPv4 address, alone', '203.0.113.7', '203.0.113.7'],
    ['the next IPv4 address, alone too', '203.0.113.8', '203.0.113.8'],
    ['an IPv4-mapped IPv6 address, as its IPv4 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address in hex groups', '::FFFF:cb00:7107', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['another address of that /64', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['the /64 in capitals and with leading zeros', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['the next /64, apart', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['an address with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['an IPv6 address ending in dotted IPv4', '2001:db8:1:2::203.0.113.7', '2001:db8:1:2::/64'],
    ['IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['no address at all', '', ''],
    ['something that is no address', 'unknown', 'unknown'],
  ])('counts %s: %s → %s', (_, address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  test('makes every address of one /64 one client, and none of the next', () => {
    const keys = ['2001:db8:aa:bb::1', '2001:db8:aa:bb::2', '2001:db8:aa:bb:1234::6'].map(clientKey);
    expect(new Set(keys).size).toBe(1);
    expect(clientKey('2001:db8:aa:bc::1')).not.toBe(keys[0]);
  });
});
