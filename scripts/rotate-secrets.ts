import { rotatePortfolioTokens } from '../server/accounts/rotate-portfolio-tokens';
import { rotateCredentialKeys } from '../server/agent/credentials/rotate-credential-keys';
import { db } from '../server/db/index';
import { closeRedis } from '../server/redis';

/**
 * `npm run secrets:rotate`: moves every stored AI provider key and platform access token to the
 * current CREDENTIALS_SECRET, and seals platform tokens stored in plain text before tokens were
 * sealed (README, "Secrets"). Run it with the old secret in CREDENTIALS_SECRET_PREVIOUS; once it
 * reports nothing left under an old secret, that secret can be removed. Prints a JSON report on stdout.
 */
try {
  const providerKeys = await rotateCredentialKeys();
  const platformTokens = await rotatePortfolioTokens();
  console.error(
    `Re-encrypted under the current CREDENTIALS_SECRET: ${providerKeys.rotated} provider key(s) (already under it: ${providerKeys.alreadyCurrent}), ` +
      `${platformTokens.rotated} platform token(s) (already under it: ${platformTokens.alreadyCurrent}).`,
  );
  const unreadable = providerKeys.undecryptable.length + platformTokens.undecryptable.length;
  if (unreadable > 0) {
    console.error(
      `${unreadable} secret(s) open under no configured secret: add the secret that wrote them to CREDENTIALS_SECRET_PREVIOUS ` +
        `and run this again, or have their owners enter provider keys again and reconnect numbers.`,
    );
    process.exitCode = 1;
  }
  process.stdout.write(`${JSON.stringify({ provider_keys: providerKeys, platform_tokens: platformTokens }, null, 2)}\n`);
} finally {
  await db.$disconnect();
  closeRedis();
}
