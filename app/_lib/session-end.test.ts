import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionEndedUrl } from './session-end';

test('sign-in comes back to the same page, query included', () => {
  const url = new URL(sessionEndedUrl('/inbox?c=ct_1&status=open'), 'https://app.example');
  assert.equal(url.pathname, '/signin');
  assert.equal(url.searchParams.get('ended'), '1');
  assert.equal(url.searchParams.get('callbackUrl'), '/inbox?c=ct_1&status=open');
});

test('a path that is not same-site falls back to the inbox', () => {
  for (const path of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/signin?callbackUrl=/x']) {
    const url = new URL(sessionEndedUrl(path), 'https://app.example');
    assert.equal(url.searchParams.get('callbackUrl'), '/inbox', path);
  }
});
