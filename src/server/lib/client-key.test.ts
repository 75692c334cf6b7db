import { describe, expect, it } from 'vitest';
import { clientKey, clientKeys, clientNetwork, clientPrefix, visitorNetwork } from './client-key';

const secret = 'test-secret-test-secret-test-secret-0123456789';

describe('client key', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(clientNetwork('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b:1:2::192.0.2.1')).toBe('64:ff9b:1:2::/64');
    expect(clientKey('2001:db8:1:2::10', secret)).toBe(clientKey('2001:db8:1:2:aaaa::1', secret));
    expect(clientKey('2001:db8:1:2::10', secret)).not.toBe(clientKey('2001:db8:1:3::10', secret));
  });

  it('treats an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7', secret)).toBe(clientKey('198.51.100.7', secret));
    expect(clientKey('198.51.100.7', secret)).not.toBe(clientKey('198.51.100.8', secret));
  });

  it('is a keyed hash: no part of the address, and another secret gives another key', () => {
    const key = clientKey('198.51.100.7', secret);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(clientKey('198.51.100.7', `${secret}-other`)).not.toBe(key);
  });

  it('names an IPv6 client’s /48 too (a keyed hash), and an IPv4 client has none', () => {
    expect(clientPrefix('2001:db8:1:2::10')).toBe('2001:db8:1::/48');
    expect(clientPrefix('2001:db8:1:ffff:aaaa::1')).toBe('2001:db8:1::/48');
    expect(clientPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(clientPrefix('198.51.100.7')).toBeNull();
    expect(clientPrefix('::ffff:198.51.100.7')).toBeNull();
    const a = clientKeys('2001:db8:1:2::10', secret);
    const b = clientKeys('2001:db8:1:3::10', secret);
    expect(a.key).not.toBe(b.key);
    expect(a.prefixKey).toMatch(/^[0-9a-f]{32}$/);
    expect(a.prefixKey).toBe(b.prefixKey);
    expect(a.prefixKey).not.toBe(clientKeys('2001:db8:2:2::10', secret).prefixKey);
    expect(clientKeys('198.51.100.7', secret)).toEqual({
      key: clientKey('198.51.100.7', secret),
      prefixKey: null,
    });
  });

  it('groups visitors for link analytics by IPv4 /24 and IPv6 /64', () => {
    expect(visitorNetwork('198.51.100.7')).toBe('198.51.100.0/24');
    expect(visitorNetwork('::ffff:198.51.100.200')).toBe('198.51.100.0/24');
    expect(visitorNetwork('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
  });
});
