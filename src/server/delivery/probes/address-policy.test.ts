import { describe, expect, it } from 'vitest';
import { NO_ALLOWANCE, parseAllowance, refusalOf, type AddressAllowance } from './address-policy';

const allowance = (text: string): AddressAllowance => {
  const parsed = parseAllowance(text);
  if (!('allowance' in parsed)) throw new Error(`invalid: ${parsed.invalid.join(', ')}`);
  return parsed.allowance;
};

describe('the prober address policy', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.10.20.30', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['169.254.169.254', 'a link-local (metadata) address'],
    ['fe80::1', 'a link-local address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:169.254.169.254', 'a link-local (metadata) address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'a link-local (metadata) address'],
    ['::7f00:1', 'a loopback address'],
    ['64:ff9b::a00:5', 'a private address'],
    ['64:ff9b::169.254.169.254', 'a link-local (metadata) address'],
    ['64:ff9b:1::a00:1', 'a local-use NAT64 address'],
    ['64:ff9b:1:ffff::808:808', 'a local-use NAT64 address'],
    ['::ffff:0:7f00:1', 'an IPv4-translated (SIIT) address'],
    ['::ffff:0:808:808', 'an IPv4-translated (SIIT) address'],
    ['2002:7f00:1::', 'a 6to4 address'],
    ['2002:808:808::1', 'a 6to4 address'],
    ['fec0::1', 'a site-local address'],
    ['feff:ffff::1', 'a site-local address'],
  ])('refuses %s as %s by default', (address, what) => {
    expect(refusalOf(address, NO_ALLOWANCE)).toBe(
      `Refused: ${address} is ${what}; allow it with HEALTH_CHECK_ALLOW`,
    );
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])('lets %s through', (address) => {
    expect(refusalOf(address, NO_ALLOWANCE)).toBeNull();
  });

  it('opens what HEALTH_CHECK_ALLOW names: ranges and single addresses, nothing more', () => {
    const open = allowance('10.20.0.0/16, 127.0.0.1 ,fd00::/8');
    expect(refusalOf('10.20.5.6', open)).toBeNull();
    expect(refusalOf('127.0.0.1', open)).toBeNull();
    expect(refusalOf('::ffff:127.0.0.1', open)).toBeNull();
    expect(refusalOf('fd00::5', open)).toBeNull();
    expect(refusalOf('10.21.0.1', open)).toMatch(/private address/);
    expect(refusalOf('127.0.0.2', open)).toMatch(/loopback/);
    expect(refusalOf('169.254.169.254', open)).toMatch(/metadata/);
    expect(refusalOf('2002:7f00:1::', open)).toMatch(/6to4/);
    expect(refusalOf('2002:7f00:1::', allowance('2002::/16'))).toBeNull();
  });

  it('keeps host names apart from ranges, and names the entries it cannot read', () => {
    const open = allowance('health.internal, Status.Example.COM');
    expect([...open.hosts]).toEqual(['health.internal', 'status.example.com']);
    expect(parseAllowance('10.0.0.0/33, not a host, 10.0.0.0/, ::1/129')).toEqual({
      invalid: ['10.0.0.0/33', 'not a host', '10.0.0.0/', '::1/129'],
    });
    expect(parseAllowance('')).toEqual({ allowance: expect.anything() });
  });
});
