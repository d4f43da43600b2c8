import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createAddressPolicy, isPublicUnicast, isThisMachine, parseCidr, parseIp } from './address-policy.js';

// One address at each edge of every range that must be refused.
const nonPublic: Record<string, string[]> = {
  'unspecified / this network': ['0.0.0.0', '0.255.255.255', '::', '0:0:0:0:0:0:0:0'],
  loopback: ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1'],
  private: ['10.0.0.0', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255'],
  'link-local': ['169.254.0.1', '169.254.169.254', 'fe80::1', 'febf:ffff::1', 'fe80::1%eth0'],
  CGNAT: ['100.64.0.0', '100.127.255.255'],
  'IETF protocol assignments': ['192.0.0.1', '192.0.0.255', '2001::1', '2001:1ff:ffff::1'],
  documentation: ['192.0.2.1', '198.51.100.7', '203.0.113.255', '2001:db8::1', '3fff::1'],
  benchmarking: ['198.18.0.1', '198.19.255.255', '2001:2::1'],
  '6to4 relay anycast': ['192.88.99.1'],
  multicast: ['224.0.0.1', '239.255.255.255', 'ff02::1', 'ff0e::1'],
  'reserved and broadcast': ['240.0.0.1', '255.255.255.254', '255.255.255.255'],
  'unique-local': ['fc00::1', 'fd12:3456::1', 'fdff:ffff::1'],
  'site-local and other non-global IPv6': ['fec0::1', '100::1', '::1.2.3.4', '5f00::1', '4000::1'],
  'IPv4-mapped forms': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254'],
  'NAT64 forms': ['64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::192.168.1.1'],
  '6to4 forms': ['2002:7f00:1::1', '2002:a00:1::', '2002:c0a8:101::1'],
};

const publicUnicast = [
  '1.1.1.1',
  '8.8.8.8',
  '142.250.102.108',
  '40.99.10.2',
  '172.32.0.1',
  '172.15.255.255',
  '100.128.0.1',
  '100.63.255.255',
  '192.0.1.1',
  '198.20.0.1',
  '223.255.255.255',
  '2607:f8b0:4023::6c',
  '2a00:1450:4001::200e',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
];

describe('isPublicUnicast', () => {
  for (const [range, addresses] of Object.entries(nonPublic)) {
    it(`refuses ${range}`, () => {
      for (const ip of addresses) expect(isPublicUnicast(ip), ip).toBe(false);
    });
  }

  it('allows public unicast addresses, v4 and v6, and mapped forms of them', () => {
    for (const ip of publicUnicast) expect(isPublicUnicast(ip), ip).toBe(true);
  });

  it('refuses anything that is not an IP address', () => {
    for (const text of ['', 'example.com', '1.2.3', '1.2.3.256', '::g', '01.2.3.4x']) {
      expect(isPublicUnicast(text), text).toBe(false);
    }
  });
});

describe('parsing', () => {
  it('expands every IPv6 text form to the same bytes', () => {
    expect(parseIp('::ffff:127.0.0.1')).toEqual(parseIp('0:0:0:0:0:ffff:7f00:1'));
    expect(parseIp('2001:db8::')).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array(12).fill(0)]);
    expect(parseIp('::')).toEqual(Array(16).fill(0));
  });

  it('reads CIDR ranges and refuses malformed ones', () => {
    expect(parseCidr('127.0.0.0/8')).toEqual({ bytes: [127, 0, 0, 0], bits: 8 });
    expect(parseCidr('::1')).toMatchObject({ bits: 128 });
    for (const bad of ['10.0.0.0/', '10.0.0.0/33', '::/129', 'x/8', '10.0.0.0/-1', '10.0.0.0/8/8']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
});

describe('createAddressPolicy', () => {
  it('allows only public unicast by default', () => {
    const policy = createAddressPolicy();
    expect(policy.allowsAddress('127.0.0.1')).toBe(false);
    expect(policy.allowsAddress('8.8.8.8')).toBe(true);
    expect(policy.allowsHost('localhost')).toBe(false);
  });

  it('lets the configured ranges and hosts through, in IPv4-mapped form too', () => {
    const policy = createAddressPolicy({
      allowCidrs: ['127.0.0.0/8', '::1/128'],
      allowHosts: ['Mail.Internal'],
    });
    expect(policy.allowsAddress('127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('::1')).toBe(true);
    expect(policy.allowsAddress('10.0.0.1')).toBe(false);
    expect(policy.allowsHost('mail.internal.')).toBe(true);
    expect(policy.allowsHost('other.internal')).toBe(false);
  });

  it('refuses a malformed allow-list entry at start', () => {
    expect(() => createAddressPolicy({ allowCidrs: ['10.0.0.0/40'] })).toThrow(/10\.0\.0\.0\/40/);
  });
});

describe('isThisMachine', () => {
  it('knows loopback, unspecified and every interface address of this machine, in any form', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0.0.0.0', '::'])
      expect(isThisMachine(ip), ip).toBe(true);
    const own = Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address)
      .filter((a): a is string => Boolean(a));
    expect(own.length).toBeGreaterThan(0);
    for (const ip of own) expect(isThisMachine(ip), ip).toBe(true);
  });

  it('says no for other hosts and for what is not an address', () => {
    for (const ip of ['93.184.216.34', '2606:4700::6810:84e5', '192.0.2.1', 'localhost', ''])
      expect(isThisMachine(ip), ip).toBe(false);
  });
});
