import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureChromium } from './ensure-chromium';

const missing = '/nonexistent/chromium-for-this-test';

test('a present browser needs nothing', () => {
  assert.equal(
    ensureChromium(process.execPath, () => assert.fail('nothing to install')),
    null,
  );
});

test('a missing browser that cannot be installed is one line saying what to install', () => {
  const problem = ensureChromium(missing, null);
  assert.ok(problem);
  assert.match(problem, /apt-get install chromium/);
  assert.doesNotMatch(problem, /\n/);
});

test('a missing browser is installed when it can be, and a failed install says so', () => {
  let installs = 0;
  const problem = ensureChromium(missing, () => (installs += 1));
  assert.equal(installs, 1);
  assert.match(problem ?? '', /did not give \/nonexistent/);
});
