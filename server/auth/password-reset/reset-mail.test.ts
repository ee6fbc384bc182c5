import assert from 'node:assert/strict';
import { test } from 'node:test';
import { config } from '@/server/config';
import { resetLink, resetMail } from './reset-mail';

const token = 'x'.repeat(43);

test('the link is built from APP_URL, whatever host the request came to', () => {
  assert.equal(resetLink(token), `${config.APP_URL.replace(/\/$/, '')}/reset-password/${token}`);
});

test('the mail is in the reader’s language, names them, and carries the link and its lifetime', () => {
  const english = resetMail({ email: 'nora@example.test', name: 'Nora' }, token, 'en');
  assert.equal(english.to, 'nora@example.test');
  assert.equal(english.subject, 'Reset your password');
  assert.match(english.text, /^Hello Nora,/);
  assert.ok(english.text.includes(resetLink(token)));
  assert.match(english.text, /within 60 minutes/);

  const arabic = resetMail({ email: 'nora@example.test', name: 'نورة' }, token, 'ar');
  assert.equal(arabic.subject, 'إعادة تعيين كلمة المرور');
  assert.match(arabic.text, /^مرحبًا نورة،/);
  assert.ok(arabic.text.includes(resetLink(token)));
});
