import { db } from '../server/db/index';
import { seedDemo } from '../server/seed/seed-demo';

/**
 * `npm run seed` loads the demo data set (shared/spec/demo-data.md). With `--json` stdout holds
 * exactly the JSON document; everything else goes to stderr.
 */
const asJson = process.argv.includes('--json');
try {
  const data = await seedDemo();
  console.error(`Demo data loaded. Dashboard login: ${data.dashboard.email} / ${data.dashboard.password}`);
  if (asJson) process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  else console.error(`API key (acme, every scope): ${data.orgs.acme.keys.full}`);
} finally {
  await db.$disconnect();
}
