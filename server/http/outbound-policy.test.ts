import assert from 'node:assert/strict';
import { test } from 'node:test';
import ipaddr from 'ipaddr.js';
import { addressRefusal, checkCustomerUrlRule, checkOutboundUrl, embeddedIPv4 } from './outbound-policy';

test('IPv6 forms that carry an IPv4 address are judged as that address', () => {
  const embedded = (address: string) => embeddedIPv4(ipaddr.IPv6.parse(address))?.toString() ?? null;
  // As WHATWG URL parsing writes `[::127.0.0.1]` (ipaddr.js reads the dotted form as IPv4-mapped).
  assert.equal(embedded('::7f00:1'), '127.0.0.1');
  assert.equal(embedded('64:ff9b::10.0.0.1'), '10.0.0.1');
  assert.equal(embedded('2002:a9fe:a9fe::1'), '169.254.169.254');
  assert.equal(embedded('::1'), null, 'the IPv6 loopback, not 0.0.0.1');
  assert.equal(embedded('::'), null);
  assert.equal(embedded('2606:4700::1'), null);

  for (const [address, refusal] of [
    ['::127.0.0.1', 'a loopback address'],
    ['::7f00:1', 'a loopback address'],
    ['::10.0.0.1', 'a private address'],
    ['64:ff9b::127.0.0.1', 'a loopback address'],
    ['64:ff9b::169.254.169.254', 'a link-local address'],
    ['2002:7f00:1::', 'a loopback address'],
    ['2002:c0a8:1::1', 'a private address'],
    ['64:ff9b:1::a00:1', 'a NAT64 address'],
    ['2001::1', 'a Teredo address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
  ] as const) {
    assert.equal(addressRefusal(address, []), refusal, address);
  }
  for (const address of ['64:ff9b::8.8.8.8', '2002:808:808::1', '8.8.8.8', '2606:4700::1'])
    assert.equal(addressRefusal(address, []), null, address);
});

test('refusals name the address class, and the address only when the URL itself held it', () => {
  const literal = checkOutboundUrl('http://[::127.0.0.1]/', []);
  assert.deepEqual(literal, { ok: false, reason: '[::7f00:1] is a loopback address, not a public one' });
  for (const address of ['127.0.0.1', '10.0.0.1', 'fd00::1', '::ffff:192.168.0.1']) {
    assert.doesNotMatch(addressRefusal(address, []) ?? '', /\d+\.\d+|::|fd00/, address);
  }
});

test('customer URLs: https on port 443 or 8443 at an address the outbound policy allows', () => {
  assert.equal(checkCustomerUrlRule('https://api.example.com/hook').ok, true);
  assert.equal(checkCustomerUrlRule('https://api.example.com:8443/hook').ok, true);
  assert.deepEqual(checkCustomerUrlRule('http://api.example.com/hook'), { ok: false, reason: 'only https URLs are allowed' });
  assert.deepEqual(checkCustomerUrlRule('https://api.example.com:8080/hook'), {
    ok: false,
    reason: 'port 8080 is not allowed (443 or 8443 only)',
  });
  assert.equal(checkCustomerUrlRule('https://10.0.0.1/hook').ok, false);
  assert.equal(checkCustomerUrlRule('https://10.0.0.1/hook', ['10.0.0.1']).ok, true, 'the allowlist is the one exception');
});
