import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { after, test } from 'node:test';

/**
 * With SMTP_URL set, mail goes to that server and not to the dev mailbox: a minimal SMTP server
 * (no TLS, no authentication) stands in for the real one. SMTP_URL is set before the service's
 * modules read the configuration, so they are imported afterwards.
 */
const received: string[] = [];

function converse(socket: Socket): void {
  let buffered = '';
  let inData = false;
  socket.write('220 localhost test SMTP\r\n');
  socket.on('data', (chunk) => {
    buffered += chunk.toString('latin1');
    for (;;) {
      if (inData) {
        const end = buffered.indexOf('\r\n.\r\n');
        if (end < 0) return;
        received.push(buffered.slice(0, end));
        buffered = buffered.slice(end + 5);
        inData = false;
        socket.write('250 queued\r\n');
        continue;
      }
      const lineEnd = buffered.indexOf('\r\n');
      if (lineEnd < 0) return;
      const command = buffered.slice(0, lineEnd).toUpperCase();
      buffered = buffered.slice(lineEnd + 2);
      if (command.startsWith('EHLO')) socket.write('250-localhost\r\n250 8BITMIME\r\n');
      else if (command.startsWith('DATA')) {
        inData = true;
        socket.write('354 go on\r\n');
      } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
      else socket.write('250 OK\r\n');
    }
  });
}

const smtp = createServer(converse);
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}`;

const { requestPasswordReset } = await import('@/server/auth/password-reset/request-password-reset');
const { findPasswordReset } = await import('@/server/auth/password-reset/reset-password');
const { config } = await import('@/server/config');
const { db } = await import('@/server/db');
const { listDevMailbox } = await import('@/server/mail/dev-mailbox');
const { closeRedis } = await import('@/server/redis');
const { createUser } = await import('../factories');
const { waitFor } = await import('../support/wait-for');

after(async () => {
  smtp.close();
  closeRedis();
  await db.$disconnect();
});

/** The body as sent: quoted-printable soft breaks and escapes undone. */
const decoded = (message: string) =>
  message.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test('a reset link goes out through SMTP_URL from MAIL_FROM, and not to the dev mailbox', async () => {
  const user = await createUser();
  await requestPasswordReset({ email: user.email, address: `2001:db8::${randomInt(1, 0xffff).toString(16)}`, locale: 'en' });
  const message = decoded(await waitFor('the mail at the SMTP server', async () => received.find((m) => m.includes(user.email))));
  assert.match(message, new RegExp(`^From: ${config.MAIL_FROM}\\r?$`, 'm'));
  assert.match(message, /^Subject: Reset your password\r?$/m);
  const token = new RegExp(`${config.APP_URL}/reset-password/([A-Za-z0-9_-]{43})`).exec(message)?.[1];
  assert.ok(token, message);
  assert.deepEqual(await findPasswordReset(token), { email: user.email });
  assert.equal((await listDevMailbox()).filter((mail) => mail.to === user.email).length, 0);
});
