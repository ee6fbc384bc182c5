import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { applyMigrations, ensureDatabase } from './db/migrations';
import { buildWidget } from './lib/build-widget';
import { nextBuild } from './lib/next-build';
import { staleBuildProblem } from '../server/http/build-stamp';
import { ensureChromium } from './lib/ensure-chromium';
import { ensureDevCertificates } from './lib/dev-ca';
import { randomSecrets } from './lib/local-secrets';
import { startStack, waitForHealthy, type Stack } from './lib/stack';

/**
 * `npm test`: the lint and format check and unit tests, then a production build and the
 * whole stack (web, worker, platform simulator, AI provider simulator) on test ports against
 * a fresh test database and Redis database, then the integration tests over real HTTP, then
 * the Playwright end-to-end tests. Ends with a line
 * `N passed, N failed`, and a non-zero exit code when anything failed.
 */
// Overridable so several checkouts on one machine can each run a stack of their own.
const webPort = Number(process.env.TEST_WEB_PORT ?? 3100);
const simulatorPort = Number(process.env.TEST_SIMULATOR_PORT ?? 4110);
const aiSimulatorPort = Number(process.env.TEST_AI_SIMULATOR_PORT ?? 4120);
const aiSimulatorUrl = `http://127.0.0.1:${aiSimulatorPort}`;
const baseUrl = `http://localhost:${webPort}`;
// The demo shop (docs/agent-api.md §4) on a loopback address of its own, over TLS from the development CA.
// It must listen on 8443 (a port customer URLs may use), so a stack moved to another web port
// gets another loopback address from that port, and two runs on one machine do not collide.
const shopHost = process.env.TEST_SHOP_HOST ?? (webPort === 3100 ? '127.0.0.77' : `127.0.${(webPort >> 8) & 255}.${Math.max(1, webPort & 255)}`);
const shopPort = 8443;
const devCertificates = ensureDevCertificates(shopHost);
const testEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/wa_platform_test',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
  REDIS_PREFIX: 'wa_test',
  PORT: String(webPort),
  APP_URL: baseUrl,
  NEXTAUTH_URL: baseUrl,
  PLATFORM_BASE_URL: `http://127.0.0.1:${simulatorPort}`,
  SIMULATOR_PORT: String(simulatorPort),
  SIMULATOR_WEBHOOK_URL: `http://127.0.0.1:${webPort}/api/platform/webhook`,
  SIMULATOR_STATUS_DELAY_MS: '100',
  // The service's providers are the AI simulator; tests drive its control API at AI_SIMULATOR_URL.
  OPENAI_BASE_URL: `${aiSimulatorUrl}/openai/v1`,
  PLATFORM_OPENAI_API_KEY: 'sim-platform-key',
  ANTHROPIC_BASE_URL: `${aiSimulatorUrl}/anthropic`,
  AI_SIMULATOR_URL: aiSimulatorUrl,
  // Short enough that the simulator's time-out markers are answered within a test's patience.
  PROVIDER_FIRST_TOKEN_TIMEOUT_MS: '2000',
  PROVIDER_IDLE_TIMEOUT_MS: '2000',
  // Tests run their media and webhook receivers on this one private address.
  OUTBOUND_ALLOWLIST: shopHost === '127.0.0.77' ? shopHost : `127.0.0.77,${shopHost}`,
  OUTBOUND_EXTRA_CA: devCertificates.caPath,
  SHOP_URL: `https://${shopHost}:${shopPort}`,
  SEND_IN_DOUBT_MS: '3000',
  // Agent runs: a killed worker's lease lapses in seconds, and event streams time out within a test.
  AGENT_RUN_LEASE_MS: '6000',
  STREAM_MAX_OPEN_S: '10',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  E2E_BASE_URL: baseUrl,
  // Fresh for every run, as a deployment's would be: nothing may lean on the public defaults. The
  // simulator reads the same values, so it plays the platform as docs/going-live.md configures it.
  ...randomSecrets(),
  PLATFORM_APP_ID: `9${String(randomInt(1e8, 1e9))}${String(randomInt(1e4, 1e5))}`,
  PLATFORM_SIGNUP_CONFIG_ID: `config-${randomInt(1e8, 1e9)}`,
  // A retired credentials secret, so tests can store keys under it and rotate them (README, "Secrets").
  CREDENTIALS_SECRET_PREVIOUS: randomSecrets().CREDENTIALS_SECRET,
};
const logDir = 'test-results/logs';
/** `TEST_FILES=<substring>[,<substring>…] npm test`: only the integration files whose path contains one of them; no unit or end-to-end tests. */
const onlyFiles = process.env.TEST_FILES;
/** `TEST_E2E=<part of a spec's path> npm test`: only those Playwright specs; no unit or integration tests. */
const onlySpecs = process.env.TEST_E2E;

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = testEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        process.stdout.write(chunk);
      });
    }
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

function findTests(dirs: string[], exclude: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.test.ts') && !full.startsWith(exclude)) found.push(full);
    }
  };
  dirs.filter(existsSync).forEach(walk);
  return found.sort();
}

/** Runs files with node's test runner and adds its summary (`ℹ pass N` …) to the tally. */
async function nodeTests(label: string, files: string[], extraArgs: string[] = []): Promise<void> {
  if (files.length === 0) return;
  console.log(`\n=== ${label}: ${files.length} files`);
  const { code, output } = await run(process.execPath, [
    '--import',
    'tsx',
    '--import',
    './tests/support/assert-messages.ts',
    '--test',
    '--test-reporter=spec',
    ...extraArgs,
    ...files,
  ]);
  const count = (name: string) => Number(output.match(new RegExp(`^\\S* ?${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const failed = count('fail') + count('cancelled');
  total.passed += count('pass');
  total.failed += failed;
  total.skipped += count('skipped') + count('todo');
  if (code !== 0 && failed === 0) total.failed += 1; // the runner itself failed
}

/** `npm run lint` (ESLint, then Prettier's check), counted as one test, so CI fails on a lint or format error. */
async function lint(): Promise<void> {
  console.log('\n=== lint and format check');
  const { code } = await run('npm', ['run', '--silent', 'lint'], process.env);
  if (code === 0) total.passed += 1;
  else total.failed += 1;
}

async function prepareDatabase(): Promise<void> {
  const url = new URL(testEnv.DATABASE_URL as string);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(testEnv.DATABASE_URL as string);
  await applyMigrations(testEnv.DATABASE_URL as string);
  const redis = new Redis(testEnv.REDIS_URL as string);
  await redis.flushdb();
  redis.disconnect();
}

async function main(): Promise<number> {
  rmSync('test-results', { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const started = Date.now();
  if (!onlyFiles) {
    const missingBrowser = ensureChromium();
    if (missingBrowser) {
      console.error(missingBrowser);
      return 1;
    }
  }

  console.log('\n=== preparing the test database and Redis');
  await prepareDatabase();

  // The lint, unit tests, and the few module tests that need the (empty, migrated) test database.
  if (!onlyFiles && !onlySpecs) {
    await lint();
    await nodeTests('unit tests', findTests(['server', 'simulator', 'workers', 'scripts', 'app', 'widget'], 'tests/'));
  }

  // The website widget's script is quick to build, so it is built even with --no-build.
  const widget = await buildWidget();
  console.log(`\n=== website widget built: ${widget.gzipped} bytes gzipped`);
  if (!process.argv.includes('--no-build')) {
    console.log('\n=== production build');
    if ((await nextBuild({ ...testEnv, NODE_ENV: 'production' })) !== 0) {
      total.failed += 1;
      return report(started);
    }
  } else if (staleBuildProblem()) {
    console.error(`\n!!! ${staleBuildProblem()} Run npm test without --no-build.`);
    total.failed += 1;
    return report(started);
  }

  console.log(`\n=== starting web, worker and the simulators (logs in ${logDir}/)`);
  let stack: Stack | undefined;
  try {
    // send-worker-killed.test.ts kills the worker mid-send; a new one takes over, as a supervisor would start one.
    stack = startStack({
      env: testEnv,
      webPort,
      logDir,
      restartWhenKilled: ['worker'],
      aiSimulator: { port: aiSimulatorPort, ttftMs: 0, tokenMs: 0 },
      shopSimulator: { host: shopHost, port: shopPort, certPath: devCertificates.certPath, keyPath: devCertificates.keyPath },
    });
    const problem = await Promise.race([
      waitForHealthy(baseUrl).then(
        () => null,
        (error: Error) => error,
      ),
      stack.crashed.then(({ name, code }) => new Error(`${name} exited with code ${code} while starting; see ${logDir}/${name}.log`)),
    ]);
    if (problem) throw problem;
    stack.crashed.then(({ name, code }) => console.error(`\n!!! ${name} exited with code ${code} during the tests`));

    // The campaign suite queues the most sends; it runs on its own, last, so its backlog slows
    // no other suite (node's runner orders the files of one run itself).
    const integration = onlySpecs
      ? []
      : findTests(['tests/integration'], '-').filter((file) => !onlyFiles || onlyFiles.split(',').some((part) => file.includes(part)));
    const heavy = integration.filter((file) => file.includes('campaigns'));
    const runArgs = ['--test-concurrency=1', '--test-force-exit'];
    await nodeTests(
      'integration tests',
      integration.filter((file) => !heavy.includes(file)),
      runArgs,
    );
    await nodeTests('integration tests (campaigns)', heavy, runArgs);
    if (onlyFiles) return report(started);

    await waitForIdlePipeline();
    console.log('\n=== end-to-end tests (Playwright)');
    await run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...(onlySpecs ? [onlySpecs] : [])]);
    const resultsFile = 'test-results/e2e-results.json';
    if (existsSync(resultsFile)) {
      const stats = JSON.parse(readFileSync(resultsFile, 'utf8')).stats;
      total.passed += stats.expected + stats.flaky;
      total.failed += stats.unexpected;
      total.skipped += stats.skipped;
    } else total.failed += 1;
  } catch (error) {
    console.error(`\n!!! ${(error as Error).message}`);
    total.failed += 1;
  } finally {
    await stack?.stop();
  }
  return report(started);
}

/**
 * Lets the worker finish what the integration tests queued (a number sends 80 messages/s), so
 * the end-to-end tests' messages are not stuck behind them. Gives up quietly after 90 s.
 */
async function waitForIdlePipeline(): Promise<void> {
  const client = new pg.Client({ connectionString: testEnv.DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 180; i++) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM messages WHERE status = 'pending'`);
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

function report(started: number): number {
  console.log(`\nTest run took ${Math.round((Date.now() - started) / 1000)} s.`);
  const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
  console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}

process.exit(await main());
