import { describe, expect, it } from 'vitest';
import { callerAddressKey } from './caller-address.js';

describe('rate-limit key of a caller address (spec 8)', () => {
  it.each([
    ['IPv4 as it is', '203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped IPv6 as the plain IPv4', '::ffff:203.0.113.7', '203.0.113.7'],
    ['IPv6 as its /56 prefix', '2001:db8:abcd:1200::1', '2001:db8:abcd:1200::/56'],
  ])('%s', (_rule, ip, key) => {
    expect(callerAddressKey(ip)).toBe(key);
  });

  it('keys two IPv6 addresses in one /56 the same', () => {
    expect(callerAddressKey('2001:db8:abcd:12ab:1111:2222:3333:4444')).toBe(
      callerAddressKey('2001:db8:abcd:12ff::9'),
    );
  });

  it('keys IPv6 addresses in different /56s differently', () => {
    expect(callerAddressKey('2001:db8:abcd:1200::1')).not.toBe(
      callerAddressKey('2001:db8:abcd:1300::1'),
    );
  });

  it('keys the mapped and plain forms of one IPv4 address the same', () => {
    expect(callerAddressKey('::ffff:198.51.100.20')).toBe(callerAddressKey('198.51.100.20'));
  });
});
