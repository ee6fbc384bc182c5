import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseConfig } from '../../server/config';
import { SECRET_VARIABLES } from '../../server/config-secrets';
import { ensureLocalSecrets, randomSecrets } from './local-secrets';

test('the first run writes strong secrets to a private file; later runs reuse them', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, '.env.demo');

  const first = ensureLocalSecrets(file);
  assert.deepEqual(Object.keys(first).sort(), [...SECRET_VARIABLES].sort());
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.doesNotThrow(() => parseConfig({ NODE_ENV: 'production', ...first }), 'production accepts them');
  assert.deepEqual(ensureLocalSecrets(file), first);

  writeFileSync(file, `AUTH_SECRET=${first.AUTH_SECRET}\n`);
  const refilled = ensureLocalSecrets(file);
  assert.equal(refilled.AUTH_SECRET, first.AUTH_SECRET, 'a kept secret stays');
  assert.notEqual(refilled.PLATFORM_APP_SECRET, first.PLATFORM_APP_SECRET, 'a missing one is made anew');
  assert.match(readFileSync(file, 'utf8'), new RegExp(`PLATFORM_APP_SECRET=${refilled.PLATFORM_APP_SECRET}`));
});

test('random secrets differ every time', () => {
  assert.notEqual(randomSecrets().AUTH_SECRET, randomSecrets().AUTH_SECRET);
});
