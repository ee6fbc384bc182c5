import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideLimitUse } from './limit-use';

const now = new Date('2026-03-12T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
const closed = { opted_out_marketing: false, last_inbound_at: null };
const open = { opted_out_marketing: false, last_inbound_at: hoursAgo(2) };
const expired = { opted_out_marketing: false, last_inbound_at: hoursAgo(25) };
const optedOut = { opted_out_marketing: true, last_inbound_at: hoursAgo(2) };

test('open 24-hour windows do not use the limit; the others take it in order until it is used up', () => {
  assert.deepEqual(decideLimitUse([closed, open, expired, open, closed], { marketing: true, remaining: 2, now }), [
    'within_limit',
    'window_open',
    'within_limit',
    'window_open',
    'beyond_limit',
  ]);
});

test('opted-out people are not sent a MARKETING template, and cost nothing', () => {
  assert.deepEqual(decideLimitUse([optedOut, closed], { marketing: true, remaining: 1, now }), ['opted_out', 'within_limit']);
  assert.deepEqual(decideLimitUse([optedOut], { marketing: false, remaining: 0, now }), ['window_open']);
});

test('an unlimited portfolio lets everyone through', () => {
  assert.deepEqual(decideLimitUse([closed, closed], { marketing: false, remaining: Infinity, now }), ['within_limit', 'within_limit']);
});
