// The SSRF guard's address table: every IPv4 and IPv6 spelling of a non-public host is refused,
// including IPv6 forms that carry an IPv4 address; globally routable unicast passes.
import { describe, expect, it } from 'vitest';
import { checkUrl, FetchError, isPrivateAddress } from './safe-fetch.js';

const PRIVATE: [string, string][] = [
  // IPv4
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network"'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6 native
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'site-local (deprecated)'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['100::1', 'discard'],
  ['2001:2::1', 'benchmarking'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  // IPv6 carrying a private IPv4
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::a9fe:a9fe', 'IPv4-compatible metadata'],
  ['::ffff:0:7f00:1', 'SIIT (RFC 6145) loopback'],
  ['64:ff9b::7f00:1', 'NAT64 loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 private'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2002:a00:1:1::1', '6to4 of 10.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, client 127.0.0.1'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo, server 10.0.0.1'],
  // not an IP at all
  ['localhost', 'a name, not an address'],
  ['', 'empty'],
];

const PUBLIC: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.216.34', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of 8.8.8.8'],
  ['2002:808:808::1', '6to4 of 8.8.8.8'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo, public server and client 8.8.8.8'],
];

describe('isPrivateAddress', () => {
  it.each(PRIVATE)('%s is private (%s)', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(PUBLIC)('%s is public (%s)', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('checkUrl with IPv6 literals', () => {
  // URL spellings a crawler start URL or redirect may use; WHATWG URL normalises them before the check.
  const refused = [
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:127.0.0.1]:8080/',
    'http://[0:0:0:0:0:ffff:7f00:0001]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[fe80::1]/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
  ];
  it.each(refused)('refuses %s as blocked_address, naming ALLOW_PRIVATE_FETCH', (url) => {
    let error: unknown;
    try {
      checkUrl(url, { allowPrivate: false });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe('blocked_address');
    expect((error as FetchError).message).toContain('ALLOW_PRIVATE_FETCH');
  });

  it('lets public literals through and private ones when the policy allows', () => {
    expect(checkUrl('http://[2606:4700:4700::1111]/', { allowPrivate: false }).hostname).toBe('[2606:4700:4700::1111]');
    expect(checkUrl('http://[::7f00:1]/', { allowPrivate: true }).hostname).toBe('[::7f00:1]');
  });
});
