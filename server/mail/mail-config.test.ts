import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseConfig } from '@/server/config';
import { randomSecrets } from '@/scripts/lib/local-secrets';

// The configuration's mail settings (server/config.ts): which deployments keep mail in the dev mailbox.
const production = { ...randomSecrets(), NODE_ENV: 'production' } as NodeJS.ProcessEnv;

test('the dev mailbox is open outside production, and in production only when DEV_MAILBOX=true says so', () => {
  assert.equal(parseConfig({ NODE_ENV: 'development' }).DEV_MAILBOX, true);
  assert.equal(parseConfig({ NODE_ENV: 'test' }).DEV_MAILBOX, true);
  assert.equal(parseConfig(production).DEV_MAILBOX, false);
  assert.equal(parseConfig({ ...production, DEV_MAILBOX: 'true' }).DEV_MAILBOX, true);
});

test('SMTP_URL must be a URL; MAIL_FROM has a default', () => {
  assert.throws(() => parseConfig({ NODE_ENV: 'development', SMTP_URL: 'mail.example.test' }), /SMTP_URL/);
  assert.equal(
    parseConfig({ NODE_ENV: 'development', SMTP_URL: 'smtps://user:pw@mail.example.test:465' }).SMTP_URL,
    'smtps://user:pw@mail.example.test:465',
  );
  assert.match(parseConfig({ NODE_ENV: 'development' }).MAIL_FROM, /<no-reply@localhost>$/);
});
