import { rotateCredentialKeys } from '../server/agent/credentials/rotate-credential-keys';
import { db } from '../server/db/index';
import { closeRedis } from '../server/redis';

/**
 * `npm run secrets:rotate`: moves every stored provider key to the current CREDENTIALS_SECRET
 * (README, "Secrets"). Run it with the old secret in CREDENTIALS_SECRET_PREVIOUS; once it reports
 * nothing left under an old secret, that secret can be removed. Prints a JSON report on stdout.
 */
try {
  const report = await rotateCredentialKeys();
  console.error(
    `Provider keys re-encrypted under the current CREDENTIALS_SECRET: ${report.rotated}; already under it: ${report.alreadyCurrent}.`,
  );
  if (report.undecryptable.length > 0) {
    console.error(
      `${report.undecryptable.length} provider key(s) open under no configured secret: add the secret that wrote them to ` +
        `CREDENTIALS_SECRET_PREVIOUS and run this again, or have their owners enter them again.`,
    );
    process.exitCode = 1;
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await db.$disconnect();
  closeRedis();
}
