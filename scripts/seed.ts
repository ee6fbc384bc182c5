import { db } from '../server/db/index';
import { loadDemoData } from '../server/seed/seed-demo';
import { tellSimulatorHistory } from '../server/seed/simulator-history';
import { config } from '../server/config';
import { closeRedis } from '../server/redis';

/**
 * `npm run seed` loads the demo data set and tells a running
 * platform simulator the demo customers' messages. With `--json` stdout holds exactly the
 * JSON document; everything else goes to stderr. Beside a running `npm run demo` it encrypts
 * under the demo's secrets, which the configuration reads from `.env.demo`.
 */
const asJson = process.argv.includes('--json');
try {
  const { data, history } = await loadDemoData();
  console.error(`Demo data loaded. Dashboard login: ${data.dashboard.email} / ${data.dashboard.password}`);
  if ((await tellSimulatorHistory(history)) === 'unreachable') {
    console.error(
      `No platform simulator answers at ${config.PLATFORM_BASE_URL}, so it does not know the demo customers' messages ` +
        `(free text to them would fail there). Run the seed again while it runs, or use npm run demo, which does.`,
    );
  }
  if (asJson) process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  else console.error(`API key (acme, every scope): ${data.orgs.acme.keys.full}`);
} finally {
  await db.$disconnect();
  // The agent demo's used-up quota is a Redis counter: its connection would keep the process alive.
  closeRedis();
}
