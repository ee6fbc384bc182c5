import { DEMO_AI_SIMULATOR_PORT, DEMO_SECRETS_FILE, DEMO_SHOP } from './lib/demo-env';
import { config } from '../server/config';
import { db } from '../server/db/index';
import { seedDemo } from '../server/seed/seed-demo';
import { applyMigrations, ensureDatabase } from './db/migrations';
import { buildWidget } from './lib/build-widget';
import { startStack, waitForHealthy } from './lib/stack';
import { nextBuild } from './lib/next-build';
import { staleBuildProblem } from '../server/http/build-stamp';

/**
 * `npm run demo`: database, production build, then web + worker + platform simulator + AI
 * provider simulator under one supervisor, then the demo data (once the simulator runs, so it
 * learns the demo customers' history too). Ctrl-C stops them all; if one dies, that is
 * reported and the rest stop. The AI simulator answers at a visible pace (300 ms to the first
 * word, then 15 ms a word).
 * `--no-build` reuses the last build, and refuses one made from other sources than these. It runs as production, on secrets of its own
 * (`lib/demo-env.ts`, imported first so they are set before the configuration is read).
 */
const step = (text: string) => console.log(`\n\x1b[1m▸ ${text}\x1b[0m`);
const noBuild = process.argv.includes('--no-build');
const stale = noBuild && staleBuildProblem();
if (stale) {
  console.error(`${stale} Run npm run demo without --no-build, which builds it again.`);
  process.exit(1);
}

step(`Preparing the database (${new URL(config.DATABASE_URL).pathname.slice(1)})`);
await ensureDatabase(config.DATABASE_URL);
const applied = await applyMigrations(config.DATABASE_URL);
console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Up to date.');

await buildWidget();
if (!noBuild) {
  step('Building the web app (production build; takes a few minutes on 2 cores)');
  if ((await nextBuild(process.env)) !== 0) {
    console.error('The build failed; see above.');
    process.exit(1);
  }
}

step('Starting web, worker and the simulators (Ctrl-C stops them all)');
const stack = startStack({
  env: process.env,
  webPort: config.PORT,
  aiSimulator: { port: DEMO_AI_SIMULATOR_PORT, ttftMs: 300, tokenMs: 15 },
  shopSimulator: DEMO_SHOP,
});
const baseUrl = `http://localhost:${config.PORT}`;

let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  await stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
stack.crashed.then(({ name, code }) => {
  if (stopping) return;
  console.error(`\n\x1b[31m✖ ${name} exited with code ${code}; stopping the others.\x1b[0m`);
  void stop(1);
});

await waitForHealthy(baseUrl);
step('Loading the demo data');
const demo = await seedDemo();
await db.$disconnect();
const acme = demo.orgs.acme;
const key = acme.keys.full;
console.log(`
\x1b[1m✔ Everything is up.\x1b[0m

  Dashboard       ${baseUrl}   (sign in as ${demo.dashboard.email} / ${demo.dashboard.password})
  Health          ${baseUrl}/api/health
  Dev mailbox     ${baseUrl}/dev/mailbox   (password reset mails; no SMTP server in the demo)
  Simulator       ${demo.simulator_url}   (control API: POST /_sim/inbound, /_sim/tap, ...)
  AI simulator    ${config.AI_SIMULATOR_URL}   (OpenAI /openai/v1, Anthropic /anthropic; keys sim-...)
  API key (acme)  ${key}
  Website widget  ${baseUrl}/widget/demo.html?key=${demo.agent.projects.support.keys.publishable}   (&lang=ar for Arabic)

  Send a message (a template, so no open conversation is needed):

  curl -sS ${baseUrl}/v1/messages \\
    -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" \\
    -d '{"to":"+15550001001","type":"template","template":{"name":"order_update","parameters":{"customer_name":"Wendy","order_id":"A-1001"}}}'

  All demo keys and ids: npm run seed -- --json  (this resets the demo data)
  Secrets (generated on the first run): ${DEMO_SECRETS_FILE}   (every npm run command here reads them)
`);
