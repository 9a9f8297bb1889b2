import { describe, expect, test } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  test.each<[string | undefined, string]>([
    [undefined, 'unknown'],
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:8d3:ffff:ffff:ffff:ffff', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:0000:0001::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%j counts as %j', (ip, key) => {
    expect(clientAddress(ip)).toBe(key);
  });
});
