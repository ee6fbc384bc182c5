import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from './config';
import { DEVELOPMENT_SECRETS, SECRET_VARIABLES } from './config-secrets';

const strong = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, `${name.toLowerCase()}-`.padEnd(40, 'x')]));

test('production refuses every public development secret, naming each variable', () => {
  assert.throws(
    () => parseConfig({ NODE_ENV: 'production' }),
    (error: Error) => {
      for (const name of SECRET_VARIABLES) assert.match(error.message, new RegExp(`${name}: ${name} is not set`));
      return true;
    },
  );
  assert.throws(() => parseConfig({ NODE_ENV: 'production', ...strong, AUTH_SECRET: DEVELOPMENT_SECRETS.AUTH_SECRET }), /AUTH_SECRET is not set/);
});

test('production refuses a short or empty secret', () => {
  assert.throws(() => parseConfig({ NODE_ENV: 'production', ...strong, AUTH_SECRET: 'x'.repeat(31) }), /AUTH_SECRET is shorter than 32 bytes/);
  assert.throws(() => parseConfig({ NODE_ENV: 'production', ...strong, PLATFORM_APP_SECRET: '' }), /PLATFORM_APP_SECRET is empty/);
  // Bytes, not characters: 16 two-byte characters are 32 bytes.
  assert.equal(parseConfig({ NODE_ENV: 'production', ...strong, AUTH_SECRET: 'é'.repeat(16) }).AUTH_SECRET, 'é'.repeat(16));
});

test('production starts on strong secrets; development and the build need none', () => {
  assert.equal(parseConfig({ NODE_ENV: 'production', ...strong }).PLATFORM_APP_SECRET, strong.PLATFORM_APP_SECRET);
  assert.equal(parseConfig({ NODE_ENV: 'development' }).AUTH_SECRET, DEVELOPMENT_SECRETS.AUTH_SECRET);
  const phase = process.env.NEXT_PHASE;
  process.env.NEXT_PHASE = 'phase-production-build';
  try {
    assert.equal(parseConfig({ NODE_ENV: 'production' }).AUTH_SECRET, DEVELOPMENT_SECRETS.AUTH_SECRET);
  } finally {
    if (phase === undefined) delete process.env.NEXT_PHASE;
    else process.env.NEXT_PHASE = phase;
  }
});
