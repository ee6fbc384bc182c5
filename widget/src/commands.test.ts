import assert from 'node:assert/strict';
import { test } from 'node:test';
import { installCommands, type Commands } from './commands';

/** Commands that record their calls; `identify` ends when the test lets it (`release`). */
function recording() {
  const calls: string[] = [];
  let release = () => undefined as void;
  const commands: Commands = {
    identify: (getToken) =>
      new Promise<void>((resolve) => {
        calls.push(`identify ${typeof getToken}`);
        release = () => {
          calls.push('identified');
          resolve();
        };
      }),
    logout: async () => void calls.push('logout'),
  };
  return { calls, commands, release: () => release() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('calls queued before the widget was ready run in order once it is, each after the previous one ended', async () => {
  const { calls, commands, release } = recording();
  const page: { AgentWidget?: unknown } = { AgentWidget: { q: [['identify', async () => 'agct_x'], ['logout']] } };
  installCommands(page, commands);
  await settle();
  assert.deepEqual(calls, ['identify function']);
  release();
  await settle();
  assert.deepEqual(calls, ['identify function', 'identified', 'logout']);
});

test('once ready, pushing runs at once and the methods are on the global', async () => {
  const { calls, commands, release } = recording();
  const page: { AgentWidget?: unknown } = {};
  const global = installCommands(page, commands);
  assert.equal(page.AgentWidget, global);
  global.q.push(['identify', async () => 'agct_x']);
  await settle();
  assert.deepEqual(calls, ['identify function']);
  release();
  await global.logout();
  assert.deepEqual(calls, ['identify function', 'identified', 'logout']);
});

test('an unknown command (or an inherited name) is skipped with one warning', async (t) => {
  const warn = t.mock.method(console, 'warn', () => undefined);
  const { calls, commands } = recording();
  const page: { AgentWidget?: unknown } = { AgentWidget: { q: [['boot'], ['toString'], ['logout']] } };
  installCommands(page, commands);
  await settle();
  assert.deepEqual(calls, ['logout']);
  assert.equal(warn.mock.callCount(), 2);
  assert.match(String(warn.mock.calls[0]?.arguments[0]), /\[agent widget\] unknown command: boot/);
});
